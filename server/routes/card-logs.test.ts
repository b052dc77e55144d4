import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { TEST_CARDS } from '../test/sandbox';
import { Browser } from '../test/client';
import { freshDb, type TestDb } from '../test/db';
import { freshUser } from '../test/fresh-user';

let t: TestDb;
let app: Awaited<ReturnType<typeof buildApp>>;
const lines: string[] = [];

beforeAll(async () => {
  t = await freshDb({ seed: true });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  app = await buildApp({ db: t.db, config: t.config, logger: { level: 'trace', stream } });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

it('the card number and the CVV never reach the log, even on refusals and errors', async () => {
  const browser = new Browser(app);
  await freshUser(browser, {});
  const year = String(new Date().getUTCFullYear() + 1);
  const numbers = [TEST_CARDS[0].visa, TEST_CARDS[6].mastercard, '4000000000000003'];
  for (const cnu of numbers) {
    await browser.send('POST', '/api/card/save', { json: { cnu, emm: '01', eyy: year, fn: 'A', ln: 'B', cu: 'DE', cvv: '4913' } });
    await browser.send('POST', '/api/card/save', { json: { cnu, emm: '99', eyy: year, fn: 'A', ln: 'B', cu: 'DE', cvv: '4913' } });
    await browser.send('POST', '/api/card/save', { body: `{"cnu":"${cnu}","cvv":"4913"`, headers: { 'content-type': 'application/json' } });
  }
  const saved = await browser.send('POST', '/api/card/save', { json: { cnu: numbers[0], emm: '01', eyy: year, fn: 'A', ln: 'B', cu: 'DE' } });
  const card = (saved.json() as { card: string }).card;
  const id = ((await browser.send('POST', '/api/fraud/card', { json: { key: randomUUID(), amount: '300.00', fixed: false, bonus: false, card } })).json() as { payment: string }).payment;
  await browser.send('POST', '/api/entro/pay', { json: { id, amount: '300.00', fixed: false, bonus: false } });
  await browser.send('POST', '/api/entro/cvv', { json: { id, cvv: '4913' } });
  const log = lines.join('');
  expect(log).toContain('/api/card/save');
  expect(lines.length).toBeGreaterThan(10);
  for (const n of numbers) expect(log).not.toContain(n);
  // the CVV's four digits may occur by chance inside a timestamp, a duration or a random id:
  // those generated values are taken out before looking for it
  const withoutGenerated = log
    .replace(/"(time|responseTime)":[0-9.]+/g, '')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '')
    .replace(/"reqId":"[^"]*"/g, '');
  expect(withoutGenerated).not.toContain('4913');
});
