import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReferralProgram, ReferralStats, ReferralTransferred } from '../../core/contract/referral';
import { creditDeposit } from '../domain/deposits/credit';
import { balanceOf, verifyLedger } from '../domain/ledger';
import { bannerSvg } from '../domain/referral/referral';
import { memoryHub } from '../push/hub';
import { testApp, type Browser, type TestApp } from '../test/client';
import { announceDeposit } from './deposit-push';
import { freshUser } from '../test/fresh-user';

/**
 * Referral and affiliate program: show, save (link validation), filter (visits counted
 * on the public page, registrations, first deposits), the commission paid once per referred
 * trader's first deposit through the ledger, and transfer ('Wrong amount', never an overdraw).
 */
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'dist-referral-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html>\n<html lang="en">\n<head><title>B</title></head>\n<body><div id="root"></div></body></html>');
  t = await testApp({ distDir: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

type Json = Record<string, unknown>;
const call = (b: Browser, json: Json) => b.send('POST', '/api/us/refferal', { json });

async function trader(): Promise<{ browser: Browser; userId: number; accountId: number }> {
  const browser = t.browser();
  const user = await freshUser(browser, { verification: 'Full' });
  const row = await t.db.selectFrom('users').select('current_account_id').where('id', '=', Number(user.userId)).executeTakeFirstOrThrow();
  return { browser, userId: Number(user.userId), accountId: row.current_account_id! };
}

/** a confirmed deposit through the one seam every method goes through */
async function deposit(userId: number, accountId: number, amountMinor: bigint, key = `test-deposit:${randomUUID()}`) {
  const currency = (await t.db.selectFrom('accounts').select('currency').where('id', '=', accountId).executeTakeFirstOrThrow()).currency;
  return t.db.transaction().execute((trx) => creditDeposit(trx, { idempotencyKey: key, userId, accountId, amountMinor, currency, method: 'card', meta: {} }));
}

describe('POST /api/us/refferal', () => {
  it('show: the program link (the ?aff= code), no links yet, a zero balance, the commission percent and the banners', async () => {
    const { browser } = await trader();
    const res = await call(browser, { action: 'show' });
    expect(res.statusCode).toBe(200);
    const p = ReferralProgram.parse(res.json());
    expect(p.link_href).toMatch(new RegExp(`/en/\\?aff=${p.refferal}$`));
    expect(p.links).toEqual([]);
    expect(p.balance.amount).toBe('0.00');
    expect(p.commission_percent).toBe('5');
    expect(p.materials.map((m) => m.size)).toEqual(['468x60', '728x90', '300x250', '160x600']);
    // the same program on the next show
    expect(ReferralProgram.parse((await call(browser, { action: 'show' })).json()).refferal).toBe(p.refferal);
    const banner = await browser.send('GET', p.materials[0].extend);
    expect(banner.statusCode).toBe(200);
    expect(banner.headers['content-type']).toContain('image/svg+xml');
    expect(banner.body).toContain('<svg');
    expect(bannerSvg('468x60', 'A <b> & Co', 'en')).toContain('A &#60;b&#62; &#38; Co');
    expect((await browser.send('GET', '/api/us/refferal/banner/1x1.svg')).statusCode).toBe(404);
    expect((await t.browser().send('POST', '/api/us/refferal', { json: { action: 'show' } })).statusCode).toBeGreaterThanOrEqual(401);
  });

  it("save: a name and a landing page, else 'Please fill Link name and chose Landing page'", async () => {
    const { browser } = await trader();
    for (const bad of [{ link_name: '', landing: 'about' }, { link_name: '  ', landing: 'faq' }, { link_name: 'Blog', landing: '' }, { link_name: 'Blog', landing: 'trading' }, { link_name: 'x'.repeat(101), landing: 'faq' }]) {
      const res = await call(browser, { action: 'save', ...bad });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'referral.link_required', message: 'Please fill Link name and chose Landing page' });
    }
    const saved = ReferralProgram.parse((await call(browser, { action: 'save', link_name: ' Blog ', landing: 'about' })).json());
    expect(saved.links).toHaveLength(1);
    expect(saved.links[0]).toMatchObject({ link_name: 'Blog', landing: 'about' });
    expect(saved.links[0].link_href).toMatch(new RegExp(`/en/about\\?aff=${saved.links[0].id}$`));
  });

  it("another trader's link is 404 on filter", async () => {
    const a = await trader();
    const b = await trader();
    const link = ReferralProgram.parse((await call(a.browser, { action: 'save', link_name: 'Mine', landing: 'faq' })).json()).links[0];
    const res = await call(b.browser, { action: 'filter', DateFrom: 0, DateTo: Date.now() + 60_000, link: link.id });
    expect(res.statusCode).toBe(404);
    expect((await call(a.browser, { action: 'filter', DateFrom: 0, DateTo: Date.now() + 60_000, link: link.id })).statusCode).toBe(200);
  });

  it('a visit through a link is counted once per visitor and day; the registration and the first deposit count; the commission is paid once', async () => {
    const referrer = await trader();
    const link = ReferralProgram.parse((await call(referrer.browser, { action: 'save', link_name: 'Forum', landing: 'accounts' })).json()).links[0];
    const visitor = t.browser();
    expect((await visitor.send('GET', `/en/accounts?aff=${link.id}`, { headers: { accept: 'text/html' } })).statusCode).toBe(200);
    await visitor.send('GET', `/en/?aff=${link.id}`, { headers: { accept: 'text/html' } });
    await t.browser().send('GET', `/ru/faq?aff=${link.id}`, { headers: { accept: 'text/html' } });
    await t.browser().send('GET', `/en/?aff=unknowncode`, { headers: { accept: 'text/html' } });
    await new Promise((r) => setTimeout(r, 300)); // the count is not awaited by the page

    const referred = await trader();
    await t.db.updateTable('users').set({ affs_id: link.id }).where('id', '=', referred.userId).execute();
    const before = await balanceOf(t.db, referred.accountId);
    const first = await deposit(referred.userId, referred.accountId, 25_000n, 'test-deposit:first');
    expect(first.referral).toMatchObject({ referrerUserId: referrer.userId, amount: '12.50' });
    // a retried credit of the same deposit pays nothing more, a second deposit pays none
    expect((await deposit(referred.userId, referred.accountId, 25_000n, 'test-deposit:first')).referral).toBeNull();
    expect((await deposit(referred.userId, referred.accountId, 100_000n)).referral).toBeNull();
    expect(await balanceOf(t.db, referred.accountId)).toBe(before + 125_000n);

    const stats = ReferralStats.parse((await call(referrer.browser, { action: 'filter', DateFrom: Date.now() - 3_600_000, DateTo: Date.now() + 60_000 })).json());
    const row = stats.rows.find((r) => r.id === link.id)!;
    expect(row).toMatchObject({ link_name: 'Forum', visits: 2, registrations: 1, first_deposits: 1, commission: [{ amount: '12.50' }] });
    expect(stats.total).toEqual({ visits: 2, registrations: 1, first_deposits: 1 });
    // a window before it all counts nothing
    const empty = ReferralStats.parse((await call(referrer.browser, { action: 'filter', DateFrom: 0, DateTo: 1000 })).json());
    expect(empty.total).toEqual({ visits: 0, registrations: 0, first_deposits: 0 });

    const show = ReferralProgram.parse((await call(referrer.browser, { action: 'show' })).json());
    expect(show.balance.amount).toBe('12.50');
    const bell = await t.db.selectFrom('notifications').selectAll().where('user_id', '=', referrer.userId).where('kind', '=', 'referral.commission').execute();
    expect(bell).toHaveLength(1);
    expect(bell[0].params).toMatchObject({ amount: '12.50' });
    expect((await verifyLedger(t.db)).ok).toBe(true);

    // after the deposit's commit the referrer's open pages hear of it too (one place for every deposit path)
    const hub = memoryHub();
    const heard: string[] = [];
    hub.subscribe(referrer.userId, (e) => heard.push(e.type));
    announceDeposit(t.db, hub, referred.userId);
    await expect.poll(() => heard).toEqual(['user.updated', 'notification.new']);
    const alone = await trader();
    const none: string[] = [];
    hub.subscribe(referrer.userId, (e) => none.push(e.type));
    announceDeposit(t.db, hub, alone.userId);
    await new Promise((r) => setTimeout(r, 100));
    expect(none).toEqual([]);
  });

  it("transfer: 'Wrong amount' unless an integer > 0; never more than the balance; two parallel transfers of the whole balance: one succeeds", async () => {
    const referrer = await trader();
    const program = ReferralProgram.parse((await call(referrer.browser, { action: 'show' })).json());
    const referred = await trader();
    await t.db.updateTable('users').set({ affs_id: program.refferal }).where('id', '=', referred.userId).execute();
    await deposit(referred.userId, referred.accountId, 40_000n); // 5 % = 20.00
    for (const amount of ['0', '1.5', '-3', 'abc', '', '01', '1e3']) {
      const res = await call(referrer.browser, { action: 'transfer', amount, key: randomUUID() });
      expect(res.statusCode, amount).toBe(400);
      expect(res.json()).toMatchObject({ error: 'referral.wrong_amount', message: 'Wrong amount' });
    }
    const over = await call(referrer.browser, { action: 'transfer', amount: '21', key: randomUUID() });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: 'referral.insufficient' });

    const tradingBefore = await balanceOf(t.db, referrer.accountId);
    const both = await Promise.all([1, 2].map(() => call(referrer.browser, { action: 'transfer', amount: '20', key: randomUUID() })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const ok = ReferralTransferred.parse(both.find((r) => r.statusCode === 200)!.json());
    expect(ok).toMatchObject({ amount: '20.00', balance: { amount: '0.00' } });
    expect(await balanceOf(t.db, referrer.accountId)).toBe(tradingBefore + 2_000n);

    // a retry with the same key moves nothing more
    await deposit(referred.userId, referred.accountId, 40_000n); // not a first deposit: nothing
    const key = randomUUID();
    expect((await call(referrer.browser, { action: 'transfer', amount: '1', key })).statusCode).toBe(409);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('a retried key pays once', async () => {
    const referrer = await trader();
    const program = ReferralProgram.parse((await call(referrer.browser, { action: 'show' })).json());
    const referred = await trader();
    await t.db.updateTable('users').set({ affs_id: program.refferal }).where('id', '=', referred.userId).execute();
    await deposit(referred.userId, referred.accountId, 100_000n); // 50.00
    const key = randomUUID();
    const before = await balanceOf(t.db, referrer.accountId);
    expect((await call(referrer.browser, { action: 'transfer', amount: '10', key })).statusCode).toBe(200);
    expect((await call(referrer.browser, { action: 'transfer', amount: '10', key })).statusCode).toBe(200);
    expect(await balanceOf(t.db, referrer.accountId)).toBe(before + 1_000n);
    expect(ReferralProgram.parse((await call(referrer.browser, { action: 'show' })).json()).balance.amount).toBe('40.00');
  });
});
