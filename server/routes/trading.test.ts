import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatTokenResponse, HistoryResponse, ReportsResponse, RunlineResponse, SignalsResponse, TipResponse } from '../../core/contract';
import { verifyLedger } from '../domain/ledger';
import { findUserByEmail, loadCurrentUser } from '../domain/users';
import { instrumentOf, priceAt, findAccount, openTrade, settleDue } from '../test/sandbox';
import type { Browser } from '../test/client';
import { testApp, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const EURUSD = instrumentOf('EURUSD')!;
const DAY = 86_400_000;

/** a second in the last hour at which an up trade of 10 s ends as `want` */
function pastSecond(want: 'won' | 'lost', skip = 0): number {
  let found = 0;
  for (let s = Math.floor(Date.now() / 1000) * 1000 - 3_600_000; ; s += 1000) {
    const won = priceAt(EURUSD, s + 10_000) > priceAt(EURUSD, s);
    const lost = priceAt(EURUSD, s + 10_000) < priceAt(EURUSD, s);
    if ((want === 'won' && won) || (want === 'lost' && lost)) {
      if (found++ === skip) return s;
    }
  }
}

/**
 * a settled trade on the platform for `email`, opened in the past; with `eventLost` the platform's
 * deal event does not reach the broker (settled on another handle), as when it is lost
 */
async function settledTrade(email: string, want: 'won' | 'lost', amount = '10', skip = 0, options: { eventLost?: boolean } = {}): Promise<string> {
  const account = (await findAccount(t.db, email))!;
  const at = pastSecond(want, skip);
  const trade = await openTrade(t.db, account.id, { symbol: 'EURUSD', direction: 'up', amount, expiry: 10, key: `test-${want}-${at}-${email}` }, at);
  if (options.eventLost) await t.db.transaction().execute((trx) => settleDue(trx, { accountId: account.id }));
  else await settleDue(t.db, { accountId: account.id });
  return trade.id;
}

/** a fresh trader with `amount` from the start and a sandbox deposit of `sandboxDeposit` after; both reach the platform */
async function funded(b: Browser, amount = '500.00', sandboxDeposit: string | null = '200.00', request: Parameters<typeof freshUser>[1] = {}) {
  const user = await freshUser(b, { balances: [{ currency: 'USD', type: 'trading', amount }], ...request });
  if (sandboxDeposit !== null) {
    const res = await b.send('POST', '/api/sandbox/platform/fund', { json: { email: user.email, amount: sandboxDeposit } });
    expect(res.statusCode).toBe(200);
  }
  return user;
}

const range = () => ({ DateFrom: Date.now() - 2 * DAY, DateTo: Date.now() + 60_000 });

describe('history and reports from the platform', () => {
  it('need a signed-in trader and a valid query; nothing is written on bad input', async () => {
    const anonymous = t.browser();
    await anonymous.me();
    expect((await anonymous.send('POST', '/api/us/history', { json: { ...range(), limit: 999 } })).statusCode).toBe(401);
    expect((await anonymous.send('POST', '/api/us/reports', { json: { ...range(), limit: 100 } })).statusCode).toBe(401);
    const b = t.browser();
    await b.signIn('trader@example.com', 'Trader-2026');
    for (const body of [
      { ...range(), limit: 1000 },
      { ...range(), limit: 0 },
      { ...range(), limit: 10, Status: 'everything' },
      { DateFrom: '2026-01-01', DateTo: Date.now(), limit: 10 },
      { ...range(), limit: 10, trType: 'magic' },
    ]) {
      const res = await b.send('POST', '/api/us/history', { json: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('validation');
    }
    expect((await b.send('POST', '/api/us/reports', { json: { ...range(), limit: 101 } })).statusCode).toBe(400);
    expect((await b.send('POST', '/api/us/reports', { json: { ...range(), limit: 10, Sumbol: 'eur; drop' } })).statusCode).toBe(400);
    const backwards = await b.send('POST', '/api/us/reports', { json: { DateFrom: Date.now(), DateTo: Date.now() - DAY, limit: 10 } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toBe('history.range');
  });

  it("a trader sees their own orders and transactions, filtered and paged; never another trader's", async () => {
    const b = t.browser();
    const user = await funded(b);
    const won = await settledTrade(user.email, 'won');
    const lost = await settledTrade(user.email, 'lost');
    const reports = ReportsResponse.parse((await b.send('POST', '/api/us/reports', { json: { ...range(), limit: 100 } })).json());
    expect(reports.total).toBe(2);
    expect(reports.skip).toBe(0);
    expect(new Set(reports.hits.map((h) => h.id))).toEqual(new Set([won, lost]));
    const onlyWon = ReportsResponse.parse((await b.send('POST', '/api/us/reports', { json: { ...range(), limit: 100, Status: 'won' } })).json());
    expect(onlyWon.hits.map((h) => [h.id, h.status, h.profit])).toEqual([[won, 'won', '8.20']]);
    const page2 = ReportsResponse.parse((await b.send('POST', '/api/us/reports', { json: { ...range(), limit: 1, skip: 1 } })).json());
    expect(page2).toMatchObject({ total: 2, skip: 1 });
    expect(page2.hits).toHaveLength(1);

    const history = HistoryResponse.parse((await b.send('POST', '/api/us/history', { json: { ...range(), limit: 999 } })).json());
    // the two deposits (opening and sandbox) from our ledger, the stakes and the payout from the platform
    expect(history.hits.map((h) => h.type).sort()).toEqual(['deposit', 'deposit', 'payout', 'trade', 'trade']);
    const stakes = HistoryResponse.parse((await b.send('POST', '/api/us/history', { json: { ...range(), limit: 999, trType: 'trade' } })).json());
    expect(stakes.hits.map((h) => h.amount)).toEqual(['-10.00', '-10.00']);

    // another trader sees none of it
    const other = t.browser();
    await funded(other);
    const theirs = ReportsResponse.parse((await other.send('POST', '/api/us/reports', { json: { ...range(), limit: 100 } })).json());
    expect(theirs.total).toBe(0);
  });

  it('exchange history lists the exchange account in our ledger', async () => {
    const b = t.browser();
    await freshUser(b, { balances: [{ currency: 'USD', type: 'trading', amount: '10.00' }, { currency: 'EUR', type: 'exchange', amount: '300.00' }] });
    const res = HistoryResponse.parse((await b.send('POST', '/api/us/history', { json: { ...range(), limit: 999, exchange: true } })).json());
    expect(res.hits.map((h) => [h.type, h.amount, h.currency, h.balanceAfter])).toEqual([['deposit', '300.00', 'EUR', '300.00']]);
  });
});

describe('balance sync', () => {
  it('books each settled platform trade into the ledger once; the server asks the platform, not the page', async () => {
    const b = t.browser();
    const user = await funded(b, '500.00', '200.00');
    const userId = (await findUserByEmail(t.db, user.email))!.id;
    // settled with the platform's deal events lost: the page's sync books them
    await settledTrade(user.email, 'won', '10', 0, { eventLost: true });
    await settledTrade(user.email, 'lost', '20', 0, { eventLost: true });
    // the page's figure is not trusted: a made-up balance changes nothing beyond the real results
    const first = await b.send('POST', '/api/chat/balance', { json: { balance: '999999.00', all: '999999.00' } });
    expect(first.statusCode).toBe(200);
    // 500.00 + 200.00 on the platform, +8.20 from the won 10 (82% payout), -20.00 for the lost 20
    expect(first.json()).toEqual({ ok: true, booked: 2, platformAvailable: '688.20' });
    const again = await b.send('POST', '/api/chat/balance', { json: { balance: '688.20', all: '688.20' } });
    expect(again.json()).toMatchObject({ booked: 0 });
    const me = await loadCurrentUser(t.db, userId, 'brokerage.test');
    expect(me?.available).toBe('688.20');
    expect((await verifyLedger(t.db)).ok).toBe(true);
    const later = await settledTrade(user.email, 'won', '5', 3, { eventLost: true });
    expect(later).toBeTruthy();
    expect((await b.send('POST', '/api/chat/balance', { json: { balance: '1.00', all: '1.00' } })).json()).toMatchObject({ booked: 1 });
  });

  it('refuses a malformed balance and visitors', async () => {
    const b = t.browser();
    await b.signIn('trader@example.com', 'Trader-2026');
    expect((await b.send('POST', '/api/chat/balance', { json: { balance: 12.5, all: '1' } })).statusCode).toBe(400);
    const anonymous = t.browser();
    await anonymous.me();
    expect((await anonymous.send('POST', '/api/chat/balance', { json: { balance: '1.00', all: '1.00' } })).statusCode).toBe(401);
  });
});

describe('chat and tips', () => {
  it('a visitor gets no token and chats as a guest; a trader chats with a token; the sandbox host answers', async () => {
    const visitor = t.browser();
    await visitor.me();
    const anon = ChatTokenResponse.parse((await visitor.send('POST', '/api/chat/token')).json());
    expect(anon).toEqual({ token: null, url: '/chat', host: { id: 'anna', name: 'Anna' }, sandbox: true });
    const guest = 'guest-0123456789abcdef';
    const posted = await visitor.send('POST', '/chat/messages', { json: { body: 'Hello' }, headers: { 'x-chat-guest': guest } });
    expect(posted.statusCode).toBe(200);
    expect(posted.json().messages.map((m: { author: string }) => m.author)).toEqual(['guest', 'host']);
    expect(posted.json().messages[1].body).toMatch(/sandbox/i);

    const b = t.browser();
    await b.signIn('trader@example.com', 'Trader-2026');
    const { token } = ChatTokenResponse.parse((await b.send('POST', '/api/chat/token')).json());
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await b.send('POST', '/chat/messages', { json: { body: 'Hi Anna' }, headers: { 'x-chat-token': token! } });
    const list = await b.send('GET', '/chat/messages', { headers: { 'x-chat-token': token! } });
    expect(list.json().messages[0]).toMatchObject({ author: 'guest', body: 'Hi Anna' });
    // the guest conversation is separate
    expect((await b.send('GET', '/chat/messages', { headers: { 'x-chat-guest': guest } })).json().messages).toHaveLength(2);
    expect((await b.send('GET', '/chat/messages', { headers: { 'x-chat-token': 'made-up' } })).statusCode).toBe(401);
    expect((await b.send('GET', '/chat/messages')).statusCode).toBe(401);
    expect((await b.send('POST', '/chat/messages', { json: { body: '' }, headers: { 'x-chat-token': token! } })).statusCode).toBe(400);
  });

  it('a tip moves exactly its amount from the current account to the house, once per key', async () => {
    const b = t.browser();
    const user = await funded(b, '100.00', null);
    const userId = (await findUserByEmail(t.db, user.email))!.id;
    // the trader confirmed each amount (a tip over 40 needs it: tips-confirm.test.ts)
    const send = (value: string, key = `tip-key-${value}`, host = 'anna') => b.send('POST', '/api/triggers/tips', { json: { value, host, key, confirm: value } });
    const ok = await send('50.00');
    expect(ok.statusCode).toBe(200);
    expect(TipResponse.parse(ok.json())).toEqual({ ok: true, amount: '50.00', currency: 'USD', message: 'Thank you! 50.00 USD went to Anna.' });
    expect((await send('50.00')).statusCode).toBe(200);
    expect((await loadCurrentUser(t.db, userId, 'brokerage.test'))?.available).toBe('50.00');
    const refusals: [Promise<{ statusCode: number; json: () => { error: string } }>, number, string][] = [
      [send('50.01', 'tip-key-50.00'), 409, 'tips.duplicate'],
      [send('0'), 400, 'tips.amount'],
      [send('1.001'), 400, 'tips.amount'],
      [send('500.01'), 400, 'tips.too_much'],
      [send('60'), 409, 'tips.funds'],
      [send('5', 'tip-key-host', 'mallory'), 400, 'tips.host'],
    ];
    for (const [pending, status, error] of refusals) {
      const res = await pending;
      expect(res.statusCode, error).toBe(status);
      expect(res.json().error).toBe(error);
    }
    expect((await loadCurrentUser(t.db, userId, 'brokerage.test'))?.available).toBe('50.00');
    expect((await verifyLedger(t.db)).ok).toBe(true);

    const demo = t.browser();
    await demo.signIn('demo@brokerage.test', 'Demo-2026');
    const refused = await demo.send('POST', '/api/triggers/tips', { json: { value: '5', host: 'anna', key: 'demo-tip-key' } });
    expect(refused.json().error).toBe('tips.demo');
  });
});

describe('signals', () => {
  it('each signal once per day, its pop-up ending at a time the server holds', async () => {
    const b = t.browser();
    await funded(b);
    const first = SignalsResponse.parse((await b.send('POST', '/api/signals', { json: {} })).json());
    // the sandbox source published one (labelled as sandbox)
    expect(first.signals.length).toBeGreaterThanOrEqual(1);
    const signal = first.signals[0];
    expect(signal.source).toBe('sandbox');
    expect(signal.expiresAt - first.serverTime).toBeGreaterThan(55_000);
    expect(signal.expiresAt - first.serverTime).toBeLessThanOrEqual(60_000);
    // a reload hands out the same pop-up end
    const again = SignalsResponse.parse((await b.send('POST', '/api/signals')).json());
    expect(again.signals.find((s) => s.id === signal.id)?.expiresAt).toBe(signal.expiresAt);
    // once its pop-up ended, not again that day
    await sql`update signal_deliveries set expires_at = now() - interval '1 second'`.execute(t.db);
    const after = SignalsResponse.parse((await b.send('POST', '/api/signals', { json: {} })).json());
    expect(after.signals.find((s) => s.id === signal.id)).toBeUndefined();
  });

  it('a tester publishes a signal with a short pop-up', async () => {
    const b = t.browser();
    await funded(b);
    const res = await b.send('POST', '/api/sandbox/signals', { json: { symbol: 'BTCUSD', direction: 'down', popupSeconds: 3 } });
    const { id } = res.json();
    const list = SignalsResponse.parse((await b.send('POST', '/api/signals', { json: {} })).json());
    const shown = list.signals.find((s) => s.id === id)!;
    expect(shown).toMatchObject({ symbol: 'BTCUSD', direction: 'down' });
    expect(shown.expiresAt - list.serverTime).toBeLessThanOrEqual(3000);
    expect((await b.send('POST', '/api/sandbox/signals', { json: { popupSeconds: 0 } })).statusCode).toBe(400);
  });
});

describe('the ticker of real trades', () => {
  it('shows real settled trades with initials and country only, newest first', async () => {
    const b = t.browser();
    const user = await funded(b);
    await settledTrade(user.email, 'won', '10', 7);
    const res = RunlineResponse.parse((await b.send('GET', '/api/trading/runline')).json());
    const entry = res.entries.find((e) => e.result === 'profit' && e.amount === '8.20');
    expect(entry).toMatchObject({ initials: 'S.T.', country: 'DE', currency: 'USD', symbol: 'EURUSD' });
    expect(JSON.stringify(res)).not.toContain('Sandbox');
    expect(JSON.stringify(res)).not.toContain('@');
    const anonymous = t.browser();
    await anonymous.me();
    expect((await anonymous.send('GET', '/api/trading/runline')).statusCode).toBe(401);
  });
});

describe('sandbox trading calls', () => {
  it('fund and expire a platform account; unknown emails are 403 (404 for the sandbox operator)', async () => {
    const b = t.browser();
    const user = await funded(b, '10.00', '25.50');
    const pf = t.browser();
    await pf.platformLogin(user.email, user.password);
    // the opening 10.00 and the sandbox deposit, both through our ledger
    expect((await pf.send('GET', '/platform/userInfo')).json().available).toBe('35.50');
    const me = await loadCurrentUser(t.db, (await findUserByEmail(t.db, user.email))!.id, 'brokerage.test');
    expect(me?.available).toBe('35.50');
    expect((await b.send('POST', '/api/sandbox/platform/expire', { json: { email: user.email } })).statusCode).toBe(200);
    expect((await pf.send('GET', '/platform/userInfo')).statusCode).toBe(401);
    // an unknown email: 403 like anyone else's (nothing revealed); 404 for the sandbox operator
    expect((await b.send('POST', '/api/sandbox/platform/fund', { json: { email: 'nobody@example.com', amount: '1' } })).statusCode).toBe(403);
    const operator = { 'x-sandbox-operator': t.config.sandboxOperatorToken };
    expect((await b.send('POST', '/api/sandbox/platform/fund', { json: { email: 'nobody@example.com', amount: '1' }, headers: operator })).statusCode).toBe(404);
    expect((await b.send('POST', '/api/sandbox/platform/fund', { json: { email: user.email, amount: '1.001' } })).statusCode).toBe(400);
    expect((await b.send('POST', '/api/sandbox/platform/fund', { json: { email: user.email, amount: '0' } })).statusCode).toBe(400);
  });
});
