import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RealityCheck } from '../../core/contract/reality-check';
import { formatMoney } from '../../core/money';
import { toBigInt } from '../db/values';
import { findAccount, openTrade, settleDue } from '../test/sandbox';
import { testApp, type Browser, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

/**
 * The reality check over HTTP (issue 30 §2): the interval in force (the trader's own, else their
 * country's default), picked from the offered ones, and this session's figures: the trades
 * settled since the session signed in and their net result, read from the platform. Trades are
 * placed relative to the session's own start as the server recorded it; no assertion reads the
 * machine's clock or zone.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const read = async (b: Browser) => RealityCheck.parse((await b.send('GET', '/api/reality-check')).json());

describe('GET and POST /api/reality-check', () => {
  it('signed in only; the POST needs the CSRF header', async () => {
    const visitor = t.browser();
    await visitor.me();
    expect((await visitor.send('GET', '/api/reality-check')).statusCode).toBe(401);
    const b = t.browser();
    await freshUser(b);
    const forged = await b.send('POST', '/api/reality-check', { json: { minutes: 15 }, csrf: false });
    expect([forged.statusCode, forged.json().error]).toEqual([403, 'csrf']);
  });

  it("the country's default until the trader picks; only offered values", async () => {
    const dk = t.browser();
    await freshUser(dk, { country: 'DK' });
    expect(await read(dk)).toMatchObject({ minutes: 30, chosen: false, choices: [0, 15, 30, 45, 60, 90, 120] });
    const de = t.browser();
    await freshUser(de, { country: 'DE' });
    expect(await read(de)).toMatchObject({ minutes: 60, chosen: false });
    for (const minutes of [7, -15, 15.5, 1000]) {
      const bad = await de.send('POST', '/api/reality-check', { json: { minutes } });
      expect([bad.statusCode, bad.json().error], String(minutes)).toEqual([400, 'reality.minutes']);
    }
    expect(RealityCheck.parse((await de.send('POST', '/api/reality-check', { json: { minutes: 15 } })).json())).toMatchObject({ minutes: 15, chosen: true });
    expect(RealityCheck.parse((await de.send('POST', '/api/reality-check', { json: { minutes: 0 } })).json())).toMatchObject({ minutes: 0, chosen: true });
    expect(await read(de)).toMatchObject({ minutes: 0, chosen: true });
  });

  it("this session's trades and net result: a trade settled before the sign-in does not count, one after does", async () => {
    const b = t.browser();
    const user = await freshUser(b, { balances: [{ currency: 'USD', type: 'trading', amount: '500' }] });
    await b.send('POST', '/api/sandbox/platform/fund', { json: { email: user.email, amount: '200.00' } });
    const start = new Date((await read(b)).session_started_at).getTime();
    const account = (await findAccount(t.db, user.email))!;
    // settled a minute before this session signed in
    const before = await openTrade(t.db, account.id, { symbol: 'EURUSD', direction: 'up', amount: '10', expiry: 10, key: `reality-before-${user.email}` }, start - 60_000);
    await settleDue(t.db, { accountId: account.id, now: start - 30_000 });
    expect(await read(b)).toMatchObject({ trades: 0, net: '0.00', currency: 'USD' });
    // opened as the session started, settled ten seconds into it
    const during = await openTrade(t.db, account.id, { symbol: 'EURUSD', direction: 'down', amount: '20', expiry: 10, key: `reality-during-${user.email}` }, start);
    await settleDue(t.db, { accountId: account.id, now: start + 20_000 });
    const row = await t.db.selectFrom('platform_trades').select(['stake_minor', 'payout_minor', 'status']).where('id', '=', during.id).executeTakeFirstOrThrow();
    expect(row.status).not.toBe('open');
    const profit = toBigInt(row.payout_minor) - toBigInt(row.stake_minor);
    expect(await read(b)).toMatchObject({ trades: 1, net: formatMoney(profit, 'USD'), currency: 'USD' });
    expect(before.id).not.toBe(during.id);
  });
});
