import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxAutologinResponse } from '../../core/contract';
import { buildApp } from '../app';
import { Browser } from '../test/client';
import { freshDb, type TestDb } from '../test/db';
import { freshUser } from '../test/fresh-user';
import { loggedUrl } from './logging';

/**
 * The server log (at info level, every request logged) of a full card payment
 * and of an autologin holds no sign-in key, no card number and no CVV.
 */
const PAN = '4000000000000010'; // the sandbox's "approved" Visa
const CVV = '8317';
const lines: string[] = [];
let t: TestDb;
let app: FastifyInstance;

beforeAll(async () => {
  t = await freshDb({ seed: true });
  app = await buildApp({ db: t.db, config: t.config, logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
  // a handler that logs a card by mistake: the redaction still holds
  app.post('/api/test-log-card', async (request) => {
    request.log.info({ body: request.body, card: { number: PAN, cvv: CVV }, payment: { pan: PAN, holder: 'Ada' } }, 'logged by mistake');
    return { ok: true };
  });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

/** every string in every log line, and every field whose name is a card or secret field */
function logged(): { strings: string[]; secretFields: [string, unknown][] } {
  const strings: string[] = [];
  const secretFields: [string, unknown][] = [];
  const walk = (value: unknown, name: string) => {
    if (typeof value === 'string') strings.push(value);
    if (/^(cnu|cvv|cvc|pan|number|key|ticket|password)$/i.test(name) && value !== '[Redacted]') secretFields.push([name, value]);
    if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  for (const line of lines) walk(JSON.parse(line), '');
  return { strings, secretFields };
}

describe('the request log', () => {
  it('a full card payment and an autologin leave no key, card number or CVV in the log', async () => {
    const b = new Browser(app);
    await freshUser(b, { cascade: 'ORANGE,VLOAD' });
    const pay = async (path: string) => {
      const saved = await b.send('POST', '/api/card/save', { json: { cnu: PAN.replace(/(\d{4})/g, '$1 ').trim(), cvv: CVV, emm: '12', eyy: String(new Date().getUTCFullYear() + 2), fn: 'Ada', ln: 'Lovelace', cu: 'DE', cur: 'USD' } });
      expect(saved.statusCode).toBe(200);
      const checked = await b.send('POST', '/api/fraud/card', { json: { key: randomUUID(), amount: '300.00', fixed: false, bonus: false, card: (saved.json() as { card: string }).card } });
      const id = (checked.json() as { payment: string }).payment;
      const started = await b.send('POST', path, { json: { id, amount: '300.00', fixed: false, bonus: false } });
      expect(started.statusCode).toBe(200);
      return { id, reply: started.json() as { redirect?: string } };
    };
    // approved at once by Orange
    const orange = await pay('/api/card/fast/orange');
    expect((await b.send('POST', '/api/card/listen/orange', { json: { id: orange.id, transaction_id: '' } })).json()).toMatchObject({ found: true });
    // Vload's sandbox page (GET with the payment in its query), finished as its button would
    const vload = await pay('/api/vload/pay');
    expect(vload.reply.redirect).toMatch(/^\/api\/vload\/start\?/);
    expect((await b.send('GET', vload.reply.redirect!)).statusCode).toBe(200);
    expect((await b.send('POST', '/api/sandbox/card/complete', { json: { id: vload.id, processor: 'VLOAD', approve: true } })).statusCode).toBe(200);
    expect((await b.send('POST', '/api/card/listen/vload', { json: { id: vload.id, transaction_id: '' } })).json()).toMatchObject({ found: true });
    expect((await b.me()).user).toMatchObject({ available: '1600.00' });

    // an autologin: the key in the page URL, then the ticket through the platform and the site
    const tester = new Browser(app);
    await tester.me();
    const created = await tester.send('POST', '/api/sandbox/autologin', { json: { email: 'trader@example.com' }, headers: { 'x-sandbox-operator': t.config.sandboxOperatorToken } });
    const { key, url } = SandboxAutologinResponse.parse(created.json());
    const visitor = new Browser(app);
    expect((await visitor.send('GET', url, { headers: { accept: 'text/html' } })).statusCode).toBe(200);
    await visitor.me();
    const values = (await visitor.send('POST', '/api/autologin', { json: { key } })).json() as { email: string; password: string };
    expect(values.email).toBe('trader@example.com');
    // the same key in a listen-style and an API query, as a page or a script could send it
    await visitor.send('GET', `/en/trading?key=${key}`, { headers: { accept: 'text/html' } });
    await visitor.send('GET', `/api/card/options?number=${PAN}&cvv=${CVV}`);
    const signed = await visitor.signIn(values.email, values.password);
    expect(signed.statusCode).toBe(200);

    // a card logged by mistake
    expect((await b.send('POST', '/api/test-log-card', { json: { cnu: PAN, cvv: CVV } })).statusCode).toBe(200);

    const { strings, secretFields } = logged();
    // the log is there: every request above, with its URL
    expect(strings).toContain('incoming request');
    expect(strings).toContain('logged by mistake');
    expect(strings.some((s) => s.startsWith('/en/autologin'))).toBe(true);
    expect(strings.some((s) => s.startsWith('/api/vload/start'))).toBe(true);
    // and holds none of them
    for (const secret of [key, values.password, PAN, PAN.slice(0, 8), t.config.sandboxOperatorToken]) {
      expect(strings.filter((s) => s.includes(secret)), secret).toEqual([]);
    }
    expect(strings.filter((s) => s === CVV || s.includes(`cvv=${CVV}`))).toEqual([]);
    expect(secretFields).toEqual([]);
  });
});

describe('loggedUrl', () => {
  it('drops the query of sensitive routes and the value of secret parameters elsewhere', () => {
    expect(loggedUrl('/en/autologin?key=abc')).toBe('/en/autologin?[redacted]');
    expect(loggedUrl('/autologin?key=abc')).toBe('/autologin?[redacted]');
    expect(loggedUrl('/api/vload/start?amount=300.00&payment=p1')).toBe('/api/vload/start?[redacted]');
    expect(loggedUrl('/api/card/listen/orange?id=1')).toBe('/api/card/listen/orange?[redacted]');
    expect(loggedUrl('/en/trading?key=abc&lang=ru')).toBe('/en/trading?key=%5Bredacted%5D&lang=ru');
    expect(loggedUrl('/api/sandbox/outbox?email=a%40b.c')).toBe('/api/sandbox/outbox?email=a%40b.c');
    expect(loggedUrl('/en/login')).toBe('/en/login');
  });
});

describe('request ids', () => {
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('every line of a request carries its id: a well-formed x-request-id is kept, anything else replaced; the answer echoes it', async () => {
    const kept = await app.inject({ method: 'GET', url: '/api/settings', headers: { 'x-request-id': 'edge-test.0001' } });
    expect(kept.headers['x-request-id']).toBe('edge-test.0001');
    const mine = entries().filter((e) => e.reqId === 'edge-test.0001');
    expect(mine.map((e) => e.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));

    for (const sent of ['short', '<script>alert(1)</script>', 'x'.repeat(200)]) {
      const res = await app.inject({ method: 'GET', url: '/api/settings', headers: { 'x-request-id': sent } });
      const id = String(res.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(entries().some((e) => e.reqId === id && e.msg === 'incoming request')).toBe(true);
      expect(entries().some((e) => e.reqId === sent)).toBe(false);
    }
    const a = (await app.inject({ method: 'GET', url: '/api/settings' })).headers['x-request-id'];
    const b = (await app.inject({ method: 'GET', url: '/api/settings' })).headers['x-request-id'];
    expect(a).not.toBe(b);
  });

  it("the card cascade's outcome is logged with the id of the request that settled it, and no card number", async () => {
    const b = new Browser(app);
    await freshUser(b, { cascade: 'ORANGE' });
    const saved = await b.send('POST', '/api/card/save', { json: { cnu: PAN, cvv: CVV, emm: '12', eyy: String(new Date().getUTCFullYear() + 2), fn: 'Ada', ln: 'Lovelace', cu: 'DE', cur: 'USD' } });
    const checked = await b.send('POST', '/api/fraud/card', { json: { key: randomUUID(), amount: '300.00', fixed: false, bonus: false, card: (saved.json() as { card: string }).card } });
    const id = (checked.json() as { payment: string }).payment;
    expect((await b.send('POST', '/api/card/fast/orange', { json: { id, amount: '300.00', fixed: false, bonus: false }, headers: { 'x-request-id': 'pay-orange-0001' } })).statusCode).toBe(200);
    await b.send('POST', '/api/card/listen/orange', { json: { id, transaction_id: '' }, headers: { 'x-request-id': 'listen-orange-0001' } });
    const settled = entries().filter((e) => e.msg === 'card attempt settled' && e.payment === id);
    expect(settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({ processor: 'ORANGE', outcome: 'approved' });
    expect(['pay-orange-0001', 'listen-orange-0001']).toContain(settled[0].reqId);
    expect(lines.filter((line) => line.includes(PAN))).toEqual([]);
  });
});
