import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateLanguage } from '../../core/site-pages';
import { buildApp } from '../app';
import { freshDb, type TestDb } from '../test/db';

let t: TestDb;
let dist: string;
let app: FastifyInstance;
beforeAll(async () => {
  t = await freshDb({ config: { siteUrl: 'https://broker.example' } });
  dist = mkdtempSync(path.join(os.tmpdir(), 'dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><head><title>App</title></head><body><div id="root"></div></body></html>');
  app = await buildApp({ db: t.db, config: t.config, distDir: dist });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("the web's basics", () => {
  it('serves an SVG favicon, and sends /favicon.ico to it', async () => {
    const svg = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // the header's mark is the same picture, bundled by Vite from its own file (a url('/favicon.svg')
    // in the styles made Vite warn at every build that it could not resolve it)
    expect(readFileSync(new URL('../../src/ui/brand.svg', import.meta.url), 'utf8').trim()).toBe(svg.body.trim());
    const ico = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(ico.statusCode).toBe(301);
    expect(ico.headers.location).toBe('/favicon.svg');
  });

  it('robots.txt keeps crawlers out of the signed-in and server paths and names the sitemap by its absolute address', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /ru/trading');
    expect(res.body).toContain('Sitemap: https://broker.example/sitemap.xml');
  });

  it('sitemap.xml lists the public pages in both languages, absolute, each with its other language', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const lang of ['en', 'ru']) {
      for (const page of ['/', '/about', '/accounts', '/faq', '/contacts', '/login', '/register']) {
        expect(locs, `${lang}${page}`).toContain(`https://broker.example/${lang}${page}`);
      }
    }
    expect(locs.some((l) => l.includes('trading'))).toBe(false);
    expect(res.body).toContain('<url><loc>https://broker.example/ru/about</loc><xhtml:link rel="alternate" hreflang="en" href="https://broker.example/en/about"/>');
  });

  it('/ honours Accept-Language (the query kept), English without one', async () => {
    const cases: [string | undefined, string][] = [
      ['ru-RU,ru;q=0.9,en;q=0.8', '/ru/'],
      ['de-DE, en;q=0.5, ru;q=0.7', '/ru/'],
      ['en-GB,en;q=0.9,ru;q=0.8', '/en/'],
      ['fr', '/en/'],
      [undefined, '/en/'],
    ];
    for (const [header, location] of cases) {
      const res = await app.inject({ method: 'GET', url: '/', headers: header ? { 'accept-language': header } : {} });
      expect(res.statusCode, header).toBe(302);
      expect(res.headers.location, header).toBe(location);
      expect(res.headers.vary, header).toMatch(/accept-language/i);
    }
    const aff = await app.inject({ method: 'GET', url: '/?aff=x1', headers: { 'accept-language': 'ru' } });
    expect(aff.headers.location).toBe('/ru/?aff=x1');
  });

  it('negotiates by q and order, ru-RU matching ru, q=0 refusing', () => {
    expect(negotiateLanguage('ru;q=0, en;q=0.1', ['en', 'ru'], 'en')).toBe('en');
    expect(negotiateLanguage('en;q=0.2, ru-UA', ['en', 'ru'], 'en')).toBe('ru');
    expect(negotiateLanguage('*', ['en', 'ru'], 'ru')).toBe('ru');
    expect(negotiateLanguage('', ['en', 'ru'], 'en')).toBe('en');
  });

  it('an unknown page answers 404 with a real page in its language, whatever the Accept header', async () => {
    for (const [url, lang, heading, site] of [
      ['/en/nowhere', 'en', 'Page not found', 'Brokerage'],
      ['/ru/nowhere/deeper', 'ru', 'Страница не найдена', 'Брокер'],
      ['/en/home', 'en', 'Page not found', 'Brokerage'],
    ]) {
      for (const accept of ['text/html', 'application/json', '*/*']) {
        const res = await app.inject({ method: 'GET', url, headers: { accept } });
        expect(res.statusCode, `${url} ${accept}`).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.body, url).toContain(`<html lang="${lang}">`);
        expect(res.body, url).toContain(`<h1>${heading}</h1>`);
        expect(res.body, url).toContain(`<title>${heading} · ${site}</title>`);
        expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
      }
    }
    // an address outside any language: the 404 page in the visitor's language
    const other = await app.inject({ method: 'GET', url: '/nowhere', headers: { 'accept-language': 'ru' } });
    expect(other.statusCode).toBe(404);
    expect(other.body).toContain('<h1>Страница не найдена</h1>');
  });

  it("a page's address answers its page whatever the Accept header; only the server's paths answer JSON", async () => {
    for (const url of ['/en/login', '/ru/register', '/en/trading', '/en/', '/ru/faq']) {
      for (const accept of ['application/json', '*/*', 'text/html']) {
        const res = await app.inject({ method: 'GET', url, headers: { accept } });
        expect(res.statusCode, `${url} ${accept}`).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      }
    }
    const api = await app.inject({ method: 'GET', url: '/api/nothing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: 'not_found' });
  });

  it('a page without its language goes to it in the visitor\'s language; /{lang} to /{lang}/', async () => {
    const login = await app.inject({ method: 'GET', url: '/login?x=1', headers: { 'accept-language': 'ru' } });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('/ru/login?x=1');
    const bare = await app.inject({ method: 'GET', url: '/ru' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/ru/');
  });

  it('the public pages carry their canonical address and both languages (hreflang), absolute', async () => {
    const res = await app.inject({ method: 'GET', url: '/ru/about?aff=zz' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<link rel="canonical" href="https://broker.example/ru/about" />');
    expect(res.body).toContain('<link rel="alternate" hreflang="en" href="https://broker.example/en/about" />');
    expect(res.body).toContain('<link rel="alternate" hreflang="ru" href="https://broker.example/ru/about" />');
    expect(res.body).toContain('<link rel="alternate" hreflang="x-default" href="https://broker.example/en/about" />');
    const home = await app.inject({ method: 'GET', url: '/en/' });
    expect(home.body).toContain('<link rel="canonical" href="https://broker.example/en/" />');
  });
});
