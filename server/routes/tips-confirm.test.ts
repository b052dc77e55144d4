import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TipResponse } from '../../core/contract';
import { verifyLedger } from '../domain/ledger';
import { testApp, type Browser, type TestApp } from '../test/client';
import { rowCounts } from '../test/db';
import { freshUser } from '../test/fresh-user';

/** A tip over 40 is sent only with the trader's confirmation of its exact amount, checked by the server. */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

let seq = 0;
const tip = (b: Browser, body: { value: string; confirm?: string }) => b.send('POST', '/api/triggers/tips', { json: { host: 'anna', key: `confirm-test-${seq++}`, ...body } });
const available = async (b: Browser) => ((await b.me()).user as { available: string }).available;

describe('POST /api/triggers/tips: a tip over 40 needs the confirmed amount', () => {
  it('refuses 41 without a confirmation, or with another amount: 409 tips.confirm naming the amount; nothing is written', async () => {
    const b = t.browser();
    await freshUser(b, { balances: [{ currency: 'USD', type: 'trading', amount: '1000.00' }] });
    const before = await rowCounts(t.db);
    for (const confirm of [undefined, '40.99', '41.01', '4100', '']) {
      const res = await tip(b, { value: '41', ...(confirm !== undefined && { confirm }) });
      if (confirm === '') {
        // not an amount at all: the contract refuses it
        expect(res.statusCode).toBe(400);
        continue;
      }
      expect(res.statusCode, String(confirm)).toBe(409);
      expect(res.json()).toEqual({ error: 'tips.confirm', message: expect.stringContaining('41.00 USD') });
    }
    expect((await tip(b, { value: '40.01' })).json()).toMatchObject({ error: 'tips.confirm', message: expect.stringContaining('40.01 USD') });
    expect(await rowCounts(t.db)).toEqual(before);
    expect(await available(b)).toBe('1000.00');
  });

  it('sends it with the exact amount confirmed; 40 and less need no confirmation', async () => {
    const b = t.browser();
    await freshUser(b, { balances: [{ currency: 'USD', type: 'trading', amount: '1000.00' }] });
    const sent = await tip(b, { value: '41', confirm: '41.00' });
    expect(sent.statusCode).toBe(200);
    expect(TipResponse.parse(sent.json())).toMatchObject({ amount: '41.00', currency: 'USD' });
    expect((await tip(b, { value: '45.5', confirm: '45.50' })).statusCode).toBe(200);
    expect((await tip(b, { value: '40' })).statusCode).toBe(200);
    expect((await tip(b, { value: '5' })).statusCode).toBe(200);
    expect(await available(b)).toBe(String((1000 - 41 - 45.5 - 40 - 5).toFixed(2)));
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });
});
