import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HistoryResponse } from '../../core/contract';
import { formatAmount } from '../../core/format';
import { houseAccount, transfer } from '../domain/ledger';
import { testApp, type Browser, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';
import { parseCsv } from '../test/csv';

/** the statement's CSV read back: every row ended by CRLF, the last one too */
const readCsv = (text: string) => parseCsv(text, { endsWithCrlf: true });

/**
 * GET /api/statement (issue 30 §9, docs/statements.md): a trader's known movements seeded through
 * the ledger at fixed moments around a range's edges (one just before it, one at its first and
 * one at its last millisecond, one just after); the CSV's and the PDF's figures exactly, the rows
 * the same as the History page's, the trader's own accounts only, bad ranges refused with their
 * key. The PDF's generation time comes from a clock set with fake timers (Date only); nothing
 * asserted reads the real clock.
 */

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

const FROM = Date.parse('2025-05-01T00:00:00.000Z');
const TO = Date.parse('2025-05-31T23:59:59.999Z');

interface Trader {
  b: Browser;
  id: number;
  trading: number;
  exchange: number;
  bonus: number;
}

async function accountOf(userId: number, type: 'trading' | 'exchange' | 'bonus'): Promise<number> {
  if (type === 'bonus') {
    const row = await t.db.insertInto('accounts').values({ user_id: userId, currency: 'USD', type: 'bonus', account_group: 'bonus' }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }
  return (await t.db.selectFrom('accounts').select('id').where('user_id', '=', userId).where('type', '=', type).executeTakeFirstOrThrow()).id;
}

let seq = 0;
/** one ledger movement at a fixed moment: money in (from the house) or out (to it) */
async function move(account: number, amount: string, kind: string, at: string, meta: Record<string, unknown> = {}): Promise<void> {
  const minor = BigInt(amount.replace('.', '').replace('-', ''));
  const house = await houseAccount(t.db, 'USD');
  const out = amount.startsWith('-');
  const done = await transfer(t.db, {
    kind,
    idempotencyKey: `statement-test:${(seq += 1)}:${account}`,
    debitAccountId: out ? account : house,
    creditAccountId: out ? house : account,
    amountMinor: minor,
    currency: 'USD',
    meta,
    mirror: false,
  });
  await t.db.updateTable('ledger_transactions').set({ created_at: new Date(at) }).where('id', '=', done.txId).execute();
}

/**
 * A trader whose USD trading account holds 495.00 when May 2025 starts, takes 210.00 in and
 * 162.34 out in May (a trade's loss among them), and ends it with 542.66; the bonus balance gets
 * 25.00 and the exchange account 30.00 in May.
 */
async function seededTrader(): Promise<Trader> {
  const b = t.browser();
  const user = await freshUser(b, { balances: [{ currency: 'USD', type: 'trading', amount: '0' }, { currency: 'USD', type: 'exchange', amount: '0' }] });
  const id = Number(user.userId);
  const trading = await accountOf(id, 'trading');
  const exchange = await accountOf(id, 'exchange');
  const bonus = await accountOf(id, 'bonus');
  await move(trading, '500.00', 'deposit', '2025-04-20T10:00:00.000Z', { method: 'card', processor: 'ORANGE', payment: 'pay-1' });
  await move(trading, '-5.00', 'tip', '2025-04-30T23:59:59.999Z', { host: 'someone' });
  await move(trading, '200.00', 'deposit', '2025-05-01T00:00:00.000Z', { method: 'vload' });
  await move(exchange, '30.00', 'deposit', '2025-05-05T09:00:00.000Z');
  await move(trading, '-150.00', 'withdrawal_hold', '2025-05-10T12:00:00.000Z', { method: 'Bitcoin' });
  await move(bonus, '25.00', 'bonus', '2025-05-15T08:30:00.000Z', { promo: 'WELCOME' });
  await move(trading, '-12.34', 'trade_result', '2025-05-20T14:00:00.000Z', { platformTrade: 'trade-1', symbol: 'EURUSD', status: 'lost' });
  await move(trading, '10.00', 'prize', '2025-05-31T23:59:59.999Z', { contest: '=1+2, "weekly"' });
  await move(trading, '1000.00', 'deposit', '2025-06-01T00:00:00.000Z', { method: 'vload' });
  return { b, id, trading, exchange, bonus };
}

const statement = (b: Browser, query: Record<string, string | number>, headers: Record<string, string> = {}) =>
  b.send('GET', `/api/statement?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`, { headers });

const cents = (value: string): bigint => BigInt(value.replace('.', ''));

async function pdfPages(body: Buffer): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf);
  // the extracted words keep the formatter's no-break spaces: read them as spaces
  return (text as string[]).map((page) => page.replace(/[\u00a0\u202f]/g, ' '));
}

describe('GET /api/statement as CSV', () => {
  it('opening, every movement with its balance after, credits, debits and closing, exactly; the rows are the History page’s', async () => {
    const trader = await seededTrader();
    const res = await statement(trader.b, { from: FROM, to: TO, format: 'csv', tz: 'UTC', lang: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="statement-2025-05-01-2025-05-31.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = readCsv(res.rawPayload.subarray(3).toString('utf8'));
    expect(header).toEqual(['Account', 'Account No.', 'Currency', 'Date', 'Type', 'Details', 'Amount', 'Balance after', 'Reference']);
    const of = (account: number) => rows.filter((r) => r[1] === String(account)).map((r) => r.slice(3));
    const trading = of(trader.trading);
    expect(trading.map((r) => r.slice(0, 5))).toEqual([
      ['01.05.2025 00:00', 'Opening balance', '', '', '495.00'],
      ['01.05.2025 00:00', 'Deposit · Vload voucher', '', '200.00', '695.00'],
      ['10.05.2025 12:00', 'Withdrawal', 'Bitcoin', '-150.00', '545.00'],
      ['20.05.2025 14:00', 'Trade result', 'EURUSD', '-12.34', '532.66'],
      // a field that would start a formula gets an apostrophe; its comma and quotes survive the quoting
      ['31.05.2025 23:59', 'Contest prize', `'=1+2, "weekly"`, '10.00', '542.66'],
      ['31.05.2025 23:59', 'Total credits', '', '210.00', ''],
      ['31.05.2025 23:59', 'Total debits', '', '-162.34', ''],
      ['31.05.2025 23:59', 'Closing balance', '', '', '542.66'],
    ]);
    expect(rows.find((r) => r[1] === String(trader.trading))?.slice(0, 3)).toEqual(['Trading account', String(trader.trading), 'USD']);
    // opening + credits − debits = closing
    expect(cents(trading[0]![4]!) + cents(trading[5]![3]!) + cents(trading[6]![3]!)).toBe(cents(trading[7]![4]!));
    expect(of(trader.bonus).map((r) => [r[1], r[3], r[4]])).toEqual([
      ['Opening balance', '', '0.00'],
      ['Bonus', '25.00', '25.00'],
      ['Total credits', '25.00', ''],
      ['Total debits', '0.00', ''],
      ['Closing balance', '', '25.00'],
    ]);
    expect(of(trader.exchange).map((r) => [r[1], r[2], r[3], r[4]])).toEqual([
      ['Opening balance', '', '', '0.00'],
      ['Deposit', 'Exchange account', '30.00', '30.00'],
      ['Total credits', '', '30.00', ''],
      ['Total debits', '', '0.00', ''],
      ['Closing balance', '', '', '30.00'],
    ]);
    // the accounts in order: trading, the bonus balance, exchange
    expect([...new Set(rows.map((r) => r[0]))]).toEqual(['Trading account', 'Bonus balance', 'Exchange account']);

    // the History page's ledger rows for the same range: the same ids, amounts and balances after (a trade's result is the platform's rows there)
    const history = HistoryResponse.parse((await trader.b.send('POST', '/api/us/history', { json: { DateFrom: FROM, DateTo: TO, limit: 999 } })).json());
    const exchange = HistoryResponse.parse((await trader.b.send('POST', '/api/us/history', { json: { DateFrom: FROM, DateTo: TO, limit: 999, exchange: true } })).json());
    const shown = [...history.hits.filter((h) => h.source === 'ledger'), ...exchange.hits].map((h) => [h.id, h.amount, h.balanceAfter]).sort();
    const listed = rows.filter((r) => r[8] !== '' && r[4] !== 'Trade result').map((r) => [r[8], r[6], r[7]]).sort();
    expect(listed).toEqual(shown);
    expect(listed).toHaveLength(5);
  });

  it('in Russian when asked, else in the trader’s language from Accept-Language', async () => {
    const trader = await seededTrader();
    const asked = await statement(trader.b, { from: FROM, to: TO, format: 'csv', tz: 'Europe/Moscow', lang: 'ru' });
    const [header, opening, deposit] = readCsv(asked.rawPayload.subarray(3).toString('utf8'));
    expect(header).toEqual(['Счёт', 'Номер счёта', 'Валюта', 'Дата', 'Тип', 'Подробности', 'Сумма', 'Баланс после', 'Номер операции']);
    // the range's start written in the trader's zone (03:00 in Moscow), the amounts as plain decimals
    expect(opening?.slice(3, 8)).toEqual(['01.05.2025 03:00', 'Входящий остаток', '', '', '495.00']);
    expect(deposit?.slice(4, 8)).toEqual(['Пополнение · ваучер Vload', '', '200.00', '695.00']);
    expect(asked.headers['content-disposition']).toBe('attachment; filename="statement-2025-05-01-2025-06-01.csv"');
    const negotiated = await statement(trader.b, { from: FROM, to: TO, format: 'csv' }, { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' });
    expect(readCsv(negotiated.rawPayload.subarray(3).toString('utf8'))[0]?.[0]).toBe('Счёт');
    const english = await statement(trader.b, { from: FROM, to: TO, format: 'csv' }, { 'accept-language': 'de-DE,en;q=0.5' });
    expect(readCsv(english.rawPayload.subarray(3).toString('utf8'))[0]?.[0]).toBe('Account');
  });

  it('one account when asked by its id; another trader’s account or one that does not exist is 404, the same answer', async () => {
    const trader = await seededTrader();
    const other = await seededTrader();
    const one = await statement(trader.b, { from: FROM, to: TO, format: 'csv', tz: 'UTC', account: trader.exchange });
    expect(one.statusCode).toBe(200);
    const rows = readCsv(one.rawPayload.subarray(3).toString('utf8')).slice(1);
    expect(new Set(rows.map((r) => r[1]))).toEqual(new Set([String(trader.exchange)]));
    for (const account of [other.trading, other.bonus, 2_000_000_000]) {
      const res = await statement(trader.b, { from: FROM, to: TO, format: 'pdf', account });
      expect([res.statusCode, res.json().error], String(account)).toEqual([404, 'statement.account']);
    }
  });
});

describe('GET /api/statement as PDF', () => {
  it('a PDF with the opening and closing figures, the range, the trader and when it was made; Sandbox said', async () => {
    const trader = await seededTrader();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-02T09:30:00.000Z'));
    const res = await statement(trader.b, { from: FROM, to: TO, format: 'pdf', tz: 'UTC', lang: 'en' });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="statement-2025-05-01-2025-05-31.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await pdfPages(res.rawPayload)).join('\n');
    for (const part of ['Account statement', 'SANDBOX', 'Sandbox Trader', '01.05.2025 00:00 – 31.05.2025 23:59', '02.06.2025 09:30', 'Opening balance', 'Closing balance', 'Trade result', 'Deposit · Vload voucher'])
      expect(text, part).toContain(part);
    expect(text).toContain(formatAmount('495.00', 'USD', 'en'));
    expect(text).toContain(formatAmount('542.66', 'USD', 'en'));
    expect(text).toContain('+$210.00');
    expect(text).toContain('-$162.34');
  });

  it('in Russian, with the Cyrillic text readable back and the closing figure as Russian writes it', async () => {
    const trader = await seededTrader();
    const res = await statement(trader.b, { from: FROM, to: TO, format: 'pdf', tz: 'UTC', lang: 'ru' });
    const text = (await pdfPages(res.rawPayload)).join('\n');
    expect(text).toContain('Выписка по счёту');
    expect(text).toContain('Исходящий остаток');
    expect(text).toContain(formatAmount('542.66', 'USD', 'ru').replace(/[\u00a0\u202f]/g, ' '));
  });

  it('a long table runs over pages with its header on each, and "Page n of N"', async () => {
    const b = t.browser();
    const user = await freshUser(b, { balances: [{ currency: 'USD', type: 'trading', amount: '0' }] });
    const trading = await accountOf(Number(user.userId), 'trading');
    for (let i = 0; i < 90; i += 1) await move(trading, '1.00', 'deposit', new Date(FROM + i * 3_600_000).toISOString(), { method: 'vload' });
    const res = await statement(b, { from: FROM, to: TO, format: 'pdf', tz: 'UTC', lang: 'en' });
    const pages = await pdfPages(res.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, i) => {
      expect(page, `page ${i + 1}`).toContain('Balance after');
      expect(page, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    expect(pages.at(-1)).toContain(formatAmount('90.00', 'USD', 'en'));
    expect(pages[1]).toContain('(continued)');
  });
});

describe('refusals', () => {
  it('signed in only; a bad range, format, account or zone is a 400 with its key', async () => {
    const visitor = t.browser();
    await visitor.me();
    expect((await statement(visitor, { from: FROM, to: TO, format: 'csv' })).statusCode).toBe(401);
    const trader = await seededTrader();
    const refused = async (query: Record<string, string | number>) => {
      const res = await statement(trader.b, query);
      return [res.statusCode, res.json().error];
    };
    expect(await refused({ from: TO, to: FROM, format: 'csv' })).toEqual([400, 'statement.range_backwards']);
    expect(await refused({ from: FROM, to: FROM + 367 * 86_400_000, format: 'csv' })).toEqual([400, 'statement.range_too_long']);
    expect((await statement(trader.b, { from: FROM, to: FROM + 366 * 86_400_000 - 1, format: 'csv' })).statusCode).toBe(200);
    expect(await refused({ from: FROM, to: TO, format: 'xls' })).toEqual([400, 'validation']);
    expect(await refused({ from: 'yesterday', to: TO, format: 'csv' })).toEqual([400, 'validation']);
    expect(await refused({ to: TO, format: 'csv' })).toEqual([400, 'validation']);
    expect(await refused({ from: FROM, to: TO, format: 'csv', account: 'mine' })).toEqual([400, 'validation']);
    expect(await refused({ from: FROM, to: TO, format: 'csv', tz: 'Mars/Olympus_Mons' })).toEqual([400, 'statement.zone']);
    expect(await refused({ from: FROM, to: TO, format: 'csv', tz: '../etc' })).toEqual([400, 'validation']);
  });
});
