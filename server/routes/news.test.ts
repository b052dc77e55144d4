import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_LIMITS, NewsBody, NewsList } from '../../core/contract/news';
import { rssFeed } from '../domain/news/rss';
import { errorHandler } from '../http/errors';
import { testApp, type TestApp } from '../test/client';
import { newsRoutes } from './news';
import type { RouteDeps } from './deps';
import { installContracts } from '../http/route-schema';

/** A feed a hostile or broken source might send, by path. */
const HOSTILE_RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
<title>Evil &lt;b&gt;News&lt;/b&gt;</title>
<item>
  <title><![CDATA[Markets <script>alert(1)</script>calm &amp; steady]]></title>
  <link>javascript:alert(document.cookie)</link>
  <guid>evil-1</guid>
  <pubDate>Tue, 17 Nov 2026 08:00:00 GMT</pubDate>
  <description><![CDATA[<p onclick="steal()">First <b>paragraph</b> &eacute;t&eacute;.</p><style>body{display:none}</style><iframe src="https://evil.example"></iframe><p>Second &lt;img src=x onerror=alert(1)&gt;</p>]]></description>
</item>
<item>
  <title>Huge item</title>
  <link>https://news.example.com/huge?x=1</link>
  <guid>huge</guid>
  <pubDate>Mon, 16 Nov 2026 08:00:00 GMT</pubDate>
  <description>${'word '.repeat(20_000)}</description>
</item>
<item>
  <title>${'T'.repeat(5_000)}</title>
  <link>data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;</link>
  <pubDate>not a date</pubDate>
</item>
</channel></rss>`;

const ATOM = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Atom source</title>
<entry><id>urn:1</id><title type="html">Rates &amp;amp; &lt;i&gt;markets&lt;/i&gt;</title><updated>2026-11-19T10:00:00Z</updated>
<link rel="alternate" href="/articles/1"/><summary type="html">&lt;p&gt;Plain summary&lt;/p&gt;</summary></entry></feed>`;

const BOMB = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><rss><channel><item><title>&lol2;</title></item></channel></rss>`;

let source: Server;
let base = '';
const slowTimers = new Set<NodeJS.Timeout>();

beforeAll(async () => {
  source = createServer((req, res) => {
    const send = (status: number, body: string, type = 'application/rss+xml') => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    switch (req.url) {
      case '/hostile.xml':
        return send(200, HOSTILE_RSS);
      case '/atom.xml':
        return send(200, ATOM, 'application/atom+xml');
      case '/bad.xml':
        return send(200, '<rss><channel><item><title>unclosed</channel>');
      case '/html':
        return send(200, '<html><body><p>not a feed</p></body></html>', 'text/html');
      case '/bomb.xml':
        return send(200, BOMB);
      case '/huge.xml':
        // more than the 1 MB limit, without a Content-Length
        res.writeHead(200, { 'content-type': 'application/rss+xml', 'transfer-encoding': 'chunked' });
        for (let i = 0; i < 40; i += 1) res.write('x'.repeat(64 * 1024));
        return res.end();
      case '/slow.xml':
        res.writeHead(200, { 'content-type': 'application/rss+xml' });
        res.write('<rss>');
        slowTimers.add(setTimeout(() => res.end('</rss>'), 3_000));
        return;
      default:
        return send(500, 'oops', 'text/plain');
    }
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const t of slowTimers) clearTimeout(t);
  source.closeAllConnections();
  await new Promise((resolve) => source.close(resolve));
});

describe('the sandbox feed (no NEWS_RSS_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t?.close());

  it('GET /api/news/rss: dated items labelled Sandbox, in English and in Russian', async () => {
    const b = t.browser();
    for (const lang of ['en', 'ru'] as const) {
      const res = await b.send('GET', `/api/news/rss?lang=${lang}`);
      expect(res.statusCode).toBe(200);
      const list = NewsList.parse(res.json());
      expect(list.kind).toBe('sandbox');
      expect(list.items.length).toBeGreaterThanOrEqual(3);
      for (const item of list.items) {
        expect(item.source).toBe('Sandbox');
        expect(Number.isFinite(Date.parse(item.date))).toBe(true);
        expect(item.link).toBeNull();
        // honest: no prices or figures of any instrument
        expect(item.title + item.summary).not.toMatch(/[$€£]\s?\d|\d+(\.\d+)?\s?%/);
      }
      if (lang === 'ru') expect(list.items[0]!.title).toMatch(/[а-яё]/i);
    }
  });

  it('GET /api/news/html: one item with its text; an unknown id 404 news.not_found; a bad id 400', async () => {
    const b = t.browser();
    const list = NewsList.parse((await b.send('GET', '/api/news/rss?lang=ru')).json());
    const res = await b.send('GET', `/api/news/html?id=${list.items[0]!.id}&lang=ru`);
    expect(res.statusCode).toBe(200);
    const body = NewsBody.parse(res.json());
    expect(body.item.title).toBe(list.items[0]!.title);
    expect(body.body).toContain('песочниц');
    expect((await b.send('GET', '/api/news/html?id=nothing-here')).json()).toMatchObject({ error: 'news.not_found' });
    const bad = await b.send('GET', '/api/news/html?id=%3Cscript%3E');
    expect(bad.statusCode).toBe(400);
    expect((await b.send('GET', '/api/news/rss?lang=xx')).statusCode).toBe(400);
  });
});

describe('a real feed (NEWS_RSS_URL) that is hostile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ config: { newsRssUrl: `${base}/hostile.xml` } });
  });
  afterAll(() => t?.close());

  it('is plain text: no tags, entities decoded, javascript: and data: links dropped, lengths bounded', async () => {
    const b = t.browser();
    const res = await b.send('GET', '/api/news/rss');
    expect(res.statusCode).toBe(200);
    const list = NewsList.parse(res.json());
    expect(list.kind).toBe('rss');
    const raw = res.body;
    expect(raw).not.toMatch(/<script|<iframe|<style|onclick|javascript:|data:text/i);
    const [evil, huge, long] = [list.items.find((i) => i.title.startsWith('Markets'))!, list.items.find((i) => i.title === 'Huge item')!, list.items.find((i) => i.title.startsWith('TTT'))!];
    expect(evil.title).toBe('Markets calm & steady');
    expect(evil.source).toBe('Evil <b>News</b>'.replace(/<\/?b>/g, ''));
    expect(evil.link).toBeNull();
    expect(evil.date).toBe('2026-11-17T08:00:00.000Z');
    expect(huge.link).toBe('https://news.example.com/huge?x=1');
    expect(huge.summary.length).toBeLessThanOrEqual(NEWS_LIMITS.summary);
    expect(long.title.length).toBeLessThanOrEqual(NEWS_LIMITS.title);
    expect(long.link).toBeNull();

    const one = NewsBody.parse((await b.send('GET', `/api/news/html?id=${evil.id}`)).json());
    // the decoded "<img …>" is text (shown as text by the client), never markup from the feed
    expect(one.body).toBe('First paragraph été.\n\nSecond <img src=x onerror=alert(1)>');
    const big = NewsBody.parse((await b.send('GET', `/api/news/html?id=${huge.id}`)).json());
    expect(big.body.length).toBeLessThanOrEqual(NEWS_LIMITS.body);
  });
});

describe('a real feed that fails: refused with a clear message', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.setErrorHandler(errorHandler);
    installContracts(app);
    // the routes need no tables: only the feed
    const news = (path: string) => rssFeed({ url: `${base}${path}`, timeoutMs: 300, cacheMs: 0, failureCacheMs: 0 });
    for (const path of ['/bad.xml', '/html', '/bomb.xml', '/huge.xml', '/slow.xml', '/missing', '/atom.xml']) {
      await app.register(newsRoutes, { prefix: path.replace(/\W/g, '_'), news: news(path), config: {} } as unknown as RouteDeps & { news: ReturnType<typeof rssFeed> });
    }
  });
  afterAll(() => app?.close());

  const refused = async (path: string) => {
    const res = await app.inject({ method: 'GET', url: `${path.replace(/\W/g, '_')}/api/news/rss` });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe('news.unavailable');
    return res.json().message as string;
  };

  it('bad XML, HTML, declared entities, too large, too slow, an error status', async () => {
    expect(await refused('/bad.xml')).toMatch(/did not send valid XML.*Try again in a minute/);
    expect(await refused('/html')).toMatch(/neither RSS nor Atom/);
    expect(await refused('/bomb.xml')).toMatch(/declares its own entities/);
    expect(await refused('/huge.xml')).toMatch(/more than 1024 KB/);
    // only the 300 ms timeout says this (the feed's whole answer comes after 3 s); no wall-clock
    // bound here, which a loaded machine could break
    expect(await refused('/slow.xml')).toMatch(/did not answer within/);
    expect(await refused('/missing')).toMatch(/answered 500/);
  });

  it('Atom: entities decoded once, relative links made absolute', async () => {
    const res = await app.inject({ method: 'GET', url: '_atom_xml/api/news/rss' });
    const list = NewsList.parse(res.json());
    expect(list.items[0]).toMatchObject({ title: 'Rates & markets', summary: 'Plain summary', link: `${base}/articles/1`, source: 'Atom source', date: '2026-11-19T10:00:00.000Z' });
  });
});
