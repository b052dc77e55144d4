import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PublicRunline, PublicSiteInfo, TabContent } from '../../core/contract/public-site';
import { publicRunline } from '../domain/public-site/public-site';
import type { PlatformGateway } from '../domain/ports';
import { escapeHtml, injectPublicPage, jsonForScript } from '../http/public-html';
import { instrumentOf, priceAt, findAccount, openTrade, settleDue } from '../test/sandbox';
import { testApp, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';
import { PUBLIC_RATE, RUNLINE_CACHE_MS } from './public-site';

/**
 * The public site: /api/tb/{tab}, the public ticker (initials and country only,
 * cached, rate limited), /api/public/site and the static HTML put into index.html (escaped).
 */
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'dist-public-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html>\n<html lang="en">\n<head><title>Brokerage</title></head>\n<body><div id="root"></div></body></html>');
  t = await testApp({ distDir: dist, config: { companyName: 'Acme <Markets> & "Co"', marketing: { default: 10, byCountry: { DE: 20 }, byAffiliate: { partner1: 25 } } } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const EURUSD = instrumentOf('EURUSD')!;
function pastSecond(skip = 0): number {
  let found = 0;
  for (let s = Math.floor(Date.now() / 1000) * 1000 - 3_600_000; ; s += 1000) {
    if (priceAt(EURUSD, s + 10_000) > priceAt(EURUSD, s) && found++ === skip) return s;
  }
}
const html = { accept: 'text/html' };

describe('GET /api/tb/{tab}', () => {
  it('answers each tab in English and Russian with the company from the settings; an unknown tab is 404', async () => {
    const b = t.browser();
    for (const tab of ['home', 'about', 'accounts', 'faq']) {
      const en = TabContent.parse((await b.send('GET', `/api/tb/${tab}?lang=en`)).json());
      const ru = TabContent.parse((await b.send('GET', `/api/tb/${tab}?lang=ru`)).json());
      expect(en.tab).toBe(tab);
      expect(ru.lang).toBe('ru');
      expect(en.title).not.toBe(ru.title);
      expect(JSON.stringify(en)).not.toMatch(/\{(company|email|phone|minDeposit)\}/);
    }
    const about = TabContent.parse((await b.send('GET', '/api/tb/about?lang=en')).json());
    expect(about.title).toBe('About Acme <Markets> & "Co"');
    expect(JSON.stringify(about)).toContain(t.config.supportEmail);
    const faq = TabContent.parse((await b.send('GET', '/api/tb/faq?lang=ru')).json());
    expect(faq.faq.length).toBeGreaterThan(3);
    for (const bad of ['/api/tb/login', '/api/tb/x', '/api/tb/__proto__']) {
      const res = await b.send('GET', bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().error).toBe('tab.not_found');
    }
  });
});

describe('GET /api/public/site', () => {
  it('answers the company and the marketing number: 10, a country setting for a signed-in trader, an affiliate setting from ?aff or the cookie', async () => {
    const anon = t.browser();
    const site = PublicSiteInfo.parse((await anon.send('GET', '/api/public/site')).json());
    expect(site).toEqual({ company: { name: 'Acme <Markets> & "Co"', email: t.config.supportEmail, phone: t.config.supportPhone }, marketingNumber: 10 });
    expect(PublicSiteInfo.parse((await anon.send('GET', '/api/public/site?aff=partner1')).json()).marketingNumber).toBe(25);
    expect(PublicSiteInfo.parse((await anon.send('GET', '/api/public/site?aff=<x>')).json()).marketingNumber).toBe(10);
    const trader = t.browser();
    await freshUser(trader, { country: 'DE' });
    expect(PublicSiteInfo.parse((await trader.send('GET', '/api/public/site')).json()).marketingNumber).toBe(20);
    // the referral landing page keeps the affiliate in a cookie the registration can read
    const visitor = t.browser();
    const page = await visitor.send('GET', '/en/?aff=partner1', { headers: html });
    expect(page.statusCode).toBe(200);
    expect(visitor.cookies.get('aff')).toBe('partner1');
    expect(PublicSiteInfo.parse((await visitor.send('GET', '/api/public/site')).json()).marketingNumber).toBe(25);
    const bad = t.browser();
    await bad.send('GET', '/en/?aff=%3Cscript%3E', { headers: html });
    expect(bad.cookies.has('aff')).toBe(false);
  });
});

describe('the static HTML of the public pages', () => {
  it('/ is the landing page (the query kept); /{lang}/ and /{lang}/{tab} carry their title, description and text, escaped', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/?aff=partner1' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/en/?aff=partner1');
    const en = await t.app.inject({ method: 'GET', url: '/en/', headers: html });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('<title>Acme &lt;Markets&gt; &amp; &quot;Co&quot;: an online trading account</title>');
    expect(en.body).toContain('<meta name="description" content="Open a trading account with Acme &lt;Markets&gt; &amp; &quot;Co&quot;');
    expect(en.body).toContain('data-testid="public-static"');
    expect(en.body).not.toContain('<Markets>');
    const ru = await t.app.inject({ method: 'GET', url: '/ru/faq', headers: html });
    expect(ru.body).toContain('<html lang="ru">');
    expect(ru.body).toContain('Вопросы и ответы');
    expect(ru.body).toContain('<script type="application/json" id="public-tab">');
    const json = /<script type="application\/json" id="public-tab">(.*?)<\/script>/s.exec(ru.body)![1];
    expect(TabContent.parse(JSON.parse(json)).tab).toBe('faq');
    // the lead in the app's own class: the app's paragraph that replaces it is no larger (issue 33 §1)
    expect(en.body).toContain('<p class="site-lead">');
    // other pages are the app as built; the sign-in page with its card's first lines (server/http/sign-in-html.ts)
    const login = await t.app.inject({ method: 'GET', url: '/en/login', headers: html });
    expect(login.body).toContain('<title>Brokerage</title>');
    expect(login.body).not.toContain('public-tab');
    expect(login.body).toContain('<div id="root"><main class="auth" data-testid="sign-in-static"><div class="auth__card"><div class="auth__top"><span class="brand">Brokerage</span><span class="auth__tools auth__tools--reserve" aria-hidden="true"></span></div><h1>Sign in</h1><p class="muted">Trade, fund your account and withdraw in one place.</p></div></main></div>');
    const ruLogin = await t.app.inject({ method: 'GET', url: '/ru/login?next=1', headers: html });
    expect(ruLogin.body).toContain('<html lang="ru">');
    expect(ruLogin.body).toContain('<h1>Вход</h1>');
    expect((await t.app.inject({ method: 'GET', url: '/en/register', headers: html })).body).not.toContain('sign-in-static');
    expect((await t.app.inject({ method: 'GET', url: '/de/about', headers: html })).body).not.toContain('public-tab');
  });

  it('escapes text and the JSON so nothing from the settings can end a tag or the script', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(jsonForScript({ a: '</script><script>alert(1)</script>', b: '\u2028' })).not.toMatch(/<|>|\u2028/);
    const content = TabContent.parse({
      tab: 'about',
      lang: 'en',
      title: '</title><script>x()</script>',
      description: '" onload="x()',
      heading: '<img src=x onerror=x()>',
      lead: 'a & b',
      sections: [{ heading: '<b>h</b>', paragraphs: ['</main>'] }],
      faq: [{ id: 'q', question: '<q>', answer: '</p>' }],
      widgets: [],
    });
    const page = injectPublicPage('<html lang="en"><title>Brokerage</title><div id="root"></div>', content);
    expect(page).not.toMatch(/<script>x|<img|<b>|<\/main><\/p>|content="" onload/);
    expect(page).toContain('&lt;/title&gt;&lt;script&gt;x()&lt;/script&gt;');
    expect(page.match(/<\/script>/g)).toHaveLength(1);
  });
});

describe('GET /api/public/runline', () => {
  it('is hidden data-free when no trade settled (a platform without trades answers none)', async () => {
    expect(await publicRunline(t.db, {} as PlatformGateway)).toEqual([]);
  });

  it('shows real settled trades with initials and country only, signed out; cached for a few seconds', async () => {
    const trader = t.browser();
    const user = await freshUser(trader, { balances: [{ currency: 'USD', type: 'trading', amount: '500.00' }], country: 'FR' });
    expect((await trader.send('POST', '/api/sandbox/platform/fund', { json: { email: user.email, amount: '200.00' } })).statusCode).toBe(200);
    const account = (await findAccount(t.db, user.email))!;
    const anon = t.browser();
    const before = PublicRunline.parse((await anon.send('GET', '/api/public/runline')).json());
    await openTrade(t.db, account.id, { symbol: 'EURUSD', direction: 'up', amount: '10', expiry: 10, key: `public-${user.email}` }, pastSecond(3));
    await settleDue(t.db, { accountId: account.id });
    // within the cache the answer is the same
    const cached = await anon.send('GET', '/api/public/runline');
    expect(PublicRunline.parse(cached.json())).toEqual(before);
    expect(cached.headers['cache-control']).toBe(`public, max-age=${RUNLINE_CACHE_MS / 1000}`);
    const later = Date.now() + RUNLINE_CACHE_MS + 1;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      const res = await anon.send('GET', '/api/public/runline');
      const raw = res.body;
      const after = PublicRunline.parse(res.json());
      const entry = after.entries.find((e) => e.initials === 'S.T.' && e.country === 'FR');
      expect(entry).toMatchObject({ result: 'profit', currency: 'USD', symbol: 'EURUSD' });
      expect(Object.keys(entry!).sort()).toEqual(['amount', 'country', 'currency', 'initials', 'result', 'settledAt', 'symbol']);
      expect(raw).not.toContain('@');
      expect(raw).not.toContain('Sandbox');
      expect(raw).not.toContain('Tester');
      expect(raw).not.toContain('"id"');
    } finally {
      clock.mockRestore();
    }
  });

  it('is rate limited per address', async () => {
    const anon = t.browser();
    let limited = 0;
    for (let i = 0; i < PUBLIC_RATE.max + 2; i++) if ((await anon.send('GET', '/api/public/runline')).statusCode === 429) limited++;
    expect(limited).toBeGreaterThan(0);
    const res = await anon.send('GET', '/api/tb/home');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('60');
  });
});
