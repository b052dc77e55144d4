import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EXCEPTION_RULES, type CryptoExceptionRules } from '../../../core/crypto-exceptions';
import { loadCryptoConfig } from '../../domain/crypto/config';
import { approveRefund, claimRefund, creditException, exceptionsOf, rejectRefund, suspenseAccount } from '../../domain/crypto/exceptions';
import { createInvoice, creditDueExceptions, exceptionDepsOf, syncInvoice, type InvoiceDeps } from '../../domain/crypto/invoices';
import { verifyLedger } from '../../domain/ledger';
import { Refusal } from '../../domain/refusal';
import { defaultSettings } from '../../domain/settings';
import { sandboxChain, type SandboxChain } from '../../sandbox/chain/sandbox-chain';
import { SANDBOX_USD_PRICES, sandboxRates } from '../../sandbox/rates/sandbox-rates';
import { toBigInt } from '../../db/values';
import { formatUnits } from '../../domain/crypto/units';
import type { CryptoInvoiceRow } from '../../db/schema-crypto';
import { freshDb, type TestDb } from '../db';
import { historyOf } from '../../domain/trading/history';
import type { PlatformGateway } from '../../domain/ports';

/**
 * Crypto invoice exceptions (issue 32 §1): each short, late or over payment is credited or refunded
 * exactly once under concurrent chain events and checks and across a restart (a new service over
 * the same database), and the ledger holds (verifyLedger; the suspense account holds exactly the
 * coins of the exceptions not settled yet).
 */

let t: TestDb;
let now = new Date('2026-03-02T10:00:00Z');
const prices: Record<string, string> = { ...SANDBOX_USD_PRICES };
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
let userId: number;
let accountId: number;

/** the service as one server process has it; `rules` as configured */
function service(rules: CryptoExceptionRules = DEFAULT_EXCEPTION_RULES): { deps: InvoiceDeps; chain: SandboxChain; events: string[] } {
  const events: string[] = [];
  const chain = sandboxChain(t.db, undefined, () => now);
  return {
    chain,
    events,
    deps: {
      db: t.db,
      watcher: chain,
      rates: sandboxRates(prices),
      config: loadCryptoConfig(true, {}, rules),
      settings: defaultSettings,
      siteHost: t.config.siteHost,
      events: { invoiceUpdated: (_u, guid, status) => events.push(`${guid}:${status}`), userUpdated: () => events.push('user') },
      now: () => now,
    },
  };
}

const at = (iso: string) => {
  now = new Date(iso);
};
const balance = async () => toBigInt((await t.db.selectFrom('accounts').select('balance_minor').where('id', '=', accountId).executeTakeFirstOrThrow()).balance_minor);
const suspense = async (asset: string) => toBigInt((await t.db.selectFrom('accounts').select('balance_minor').where('id', '=', await suspenseAccount(t.db, asset)).executeTakeFirstOrThrow()).balance_minor);
const ledgerTxs = async (prefix: string) => (await t.db.selectFrom('ledger_transactions').select('idempotency_key').where('idempotency_key', 'like', `${prefix}%`).execute()).length;
const fresh = async (guid: string): Promise<CryptoInvoiceRow> => t.db.selectFrom('crypto_invoices').selectAll().where('guid', '=', guid).executeTakeFirstOrThrow();
const pay = (s: ReturnType<typeof service>, row: CryptoInvoiceRow, amountMinor: bigint, confirmations = 1) =>
  s.chain.send({ chain: row.chain as 'btc', address: row.address, asset: row.asset, amountMinor, decimals: row.decimals, confirmations });

beforeAll(async () => {
  t = await freshDb({ seed: true });
  const user = await t.db.selectFrom('users').select(['id', 'current_account_id']).where('email', '=', 'trader@example.com').executeTakeFirstOrThrow();
  userId = user.id;
  accountId = user.current_account_id!;
});
afterAll(() => t.close());

describe('crypto exceptions', () => {
  it('a short payment at expiry is credited once, at the invoice rate, for what arrived (concurrent checks, then a restart)', async () => {
    at('2026-03-02T10:00:00Z');
    const s = service();
    const row = await createInvoice(s.deps, { userId, coin: 'btc', amount: '300', fixed: false, bonus: false });
    const amount = toBigInt(row.amount_minor);
    const half = amount / 2n;
    await pay(s, row, half);
    expect((await syncInvoice(s.deps, row)).invoice.received_minor.toString()).toBe(half.toString());
    const before = await balance();
    at('2026-03-02T11:00:01Z');
    // five checks at the same moment (the page, the sweep, a second server)
    await Promise.all(Array.from({ length: 5 }, async () => syncInvoice(s.deps, await fresh(row.guid))));
    // a restart: another process's service over the same database
    const again = service();
    await syncInvoice(again.deps, await fresh(row.guid));
    expect(await creditDueExceptions(again.deps)).toBe(0);
    const [e] = await exceptionsOf(t.db, row.guid);
    expect((await exceptionsOf(t.db, row.guid)).length).toBe(1);
    expect(e.kind).toBe('short');
    expect(e.status).toBe('credited');
    const expected = (toBigInt(row.credit_minor) * half) / amount;
    expect(toBigInt(e.credit_minor!)).toBe(expected);
    expect(e.credit_rate).toBe(row.rate);
    expect((await balance()) - before).toBe(expected);
    expect(await ledgerTxs(`crypto-exception:${e.id}`)).toBe(1);
    expect((await fresh(row.guid)).status).toBe('ex');
    // the trader's pages were told: the invoice moved, and the balance (once: one process credited it)
    expect([...s.events, ...again.events].filter((e) => e === 'user').length).toBe(1);
    expect(s.events).toContain(`${row.guid}:ex`);
    expect(await suspense('BTC')).toBe(0n);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('a late payment is credited once at the rate of its arrival, the invoice rate kept beside it', async () => {
    at('2026-03-02T12:00:00Z');
    const s = service();
    const row = await createInvoice(s.deps, { userId, coin: 'btc', amount: '250', fixed: false, bonus: false });
    at('2026-03-02T13:00:01Z');
    await syncInvoice(s.deps, row);
    prices.BTC = '70000.00';
    const before = await balance();
    at('2026-03-02T13:10:00Z');
    await pay(s, row, toBigInt(row.amount_minor));
    await Promise.all([s, service(), service()].flatMap((x) => [syncInvoice(x.deps, row), fresh(row.guid).then((r) => syncInvoice(x.deps, r))]));
    prices.BTC = SANDBOX_USD_PRICES.BTC;
    const list = await exceptionsOf(t.db, row.guid);
    expect(list.map((e) => [e.kind, e.status])).toEqual([['late', 'credited']]);
    expect(list[0].arrival_rate).toBe('70000.00000000');
    expect(list[0].credit_rate).toBe('70000.00000000');
    expect(row.rate).toBe('64250.00000000');
    // 0.00389106 BTC at 70 000 = 272.37 (the invoice's 250.00 at its own rate)
    expect(toBigInt(list[0].credit_minor!)).toBe(27237n);
    expect((await balance()) - before).toBe(27237n);
    expect(await ledgerTxs(`crypto-exception:${list[0].id}`)).toBe(1);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('an over-payment waits for the trader: credited once on their choice, or refunded once through the claim and the operator', async () => {
    at('2026-03-02T14:00:00Z');
    const s = service();
    const row = await createInvoice(s.deps, { userId, coin: 'btc', amount: '250', fixed: false, bonus: false });
    const amount = toBigInt(row.amount_minor);
    await pay(s, row, amount + amount / 2n);
    await Promise.all([syncInvoice(s.deps, row), syncInvoice(service().deps, row)]);
    const [over] = await exceptionsOf(t.db, row.guid);
    expect(over.kind).toBe('over');
    expect(over.status).toBe('held');
    expect(toBigInt(over.coin_minor)).toBe(amount / 2n);
    expect(await suspense('BTC')).toBe(amount / 2n);
    expect(over.choose_until?.toISOString()).toBe('2026-03-05T14:00:00.000Z');

    // another trader cannot touch it
    const other = (await t.db.selectFrom('users').select('id').where('id', '<>', userId).executeTakeFirstOrThrow()).id;
    await expect(creditException(exceptionDepsOf(s.deps), over.id, other)).rejects.toBeInstanceOf(Refusal);
    // a wrong address, an address on another chain, one of our deposit addresses: refused, nothing changes
    for (const address of ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx', '0x52908400098527886E0F7030069857D2E4169EE7', row.address]) {
      await expect(claimRefund(exceptionDepsOf(s.deps), userId, over.id, address)).rejects.toMatchObject({ key: expect.stringMatching(/^crypto\.refund_address/) });
    }
    // the claim, twice at once: one claim; the operator approves three times at once: one send, one ledger movement
    await Promise.all([claimRefund(exceptionDepsOf(s.deps), userId, over.id, BTC_ADDRESS), claimRefund(exceptionDepsOf(s.deps), userId, over.id, ` ${BTC_ADDRESS} `)]);
    // once claimed the trader can no longer take the credit instead
    await expect(creditException(exceptionDepsOf(s.deps), over.id, userId)).rejects.toMatchObject({ key: 'crypto.exception_closed' });
    const approvals = await Promise.all([s, service(), service()].map((x) => approveRefund(exceptionDepsOf(x.deps), x.chain, over.id)));
    expect(approvals.filter((a) => a.moved).length).toBe(1);
    const refunded = (await exceptionsOf(t.db, row.guid))[0];
    expect(refunded.status).toBe('refunded');
    expect(refunded.refund_address).toBe(BTC_ADDRESS);
    const sent = await t.db.selectFrom('sandbox_chain_txs').selectAll().where('address', '=', BTC_ADDRESS).execute();
    expect(sent.map((x) => [x.txid, toBigInt(x.amount_minor)])).toEqual([[refunded.refund_txid, amount / 2n]]);
    expect(await ledgerTxs(`crypto-refund:${over.id}`)).toBe(1);
    expect(await suspense('BTC')).toBe(0n);
    // the window passing later credits nothing
    at('2026-03-06T00:00:00Z');
    expect(await creditDueExceptions(s.deps)).toBe(0);
    expect((await verifyLedger(t.db)).ok).toBe(true);

    // a second over-payment: the trader takes the credit (twice at once: once), in full at the invoice rate
    at('2026-03-02T15:00:00Z');
    const second = await createInvoice(s.deps, { userId, coin: 'btc', amount: '250', fixed: false, bonus: false });
    await pay(s, second, toBigInt(second.amount_minor) * 2n);
    await syncInvoice(s.deps, second);
    const [extra] = await exceptionsOf(t.db, second.guid);
    const before = await balance();
    const results = await Promise.allSettled([creditException(exceptionDepsOf(s.deps), extra.id, userId), creditException(exceptionDepsOf(s.deps), extra.id, userId)]);
    expect(results.filter((r) => r.status === 'fulfilled' && r.value.moved).length).toBe(1);
    expect((await balance()) - before).toBe(toBigInt(second.credit_minor));
    await expect(claimRefund(exceptionDepsOf(s.deps), userId, extra.id, BTC_ADDRESS)).rejects.toMatchObject({ key: 'crypto.exception_closed' });
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('an over-payment nobody chose for is credited when its window passes, once across processes', async () => {
    at('2026-03-03T10:00:00Z');
    const s = service({ ...DEFAULT_EXCEPTION_RULES, overWindowHours: 1 });
    const row = await createInvoice(s.deps, { userId, coin: 'btc', amount: '250', fixed: false, bonus: false });
    await pay(s, row, toBigInt(row.amount_minor) + 1000n);
    await syncInvoice(s.deps, row);
    expect(await creditDueExceptions(s.deps)).toBe(0);
    at('2026-03-03T11:00:00Z');
    const moved = await Promise.all([creditDueExceptions(s.deps), creditDueExceptions(service().deps), creditDueExceptions(service().deps)]);
    expect(moved.reduce((a, b) => a + b, 0)).toBe(1);
    const [e] = await exceptionsOf(t.db, row.guid);
    expect(e.status).toBe('credited');
    // the excess at the invoice's own rate
    expect(toBigInt(e.credit_minor!)).toBe((toBigInt(row.credit_minor) * 1000n) / toBigInt(row.amount_minor));
    expect(await creditException(exceptionDepsOf(s.deps), e.id, userId).then((x) => x.moved)).toBe(false);
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('with the hold rule a short payment waits for a refund claim; a rejected claim keeps the coins held', async () => {
    at('2026-03-04T10:00:00Z');
    const s = service({ ...DEFAULT_EXCEPTION_RULES, short: 'hold' });
    const row = await createInvoice(s.deps, { userId, coin: 'btc', amount: '250', fixed: false, bonus: false });
    const part = toBigInt(row.amount_minor) / 3n;
    await pay(s, row, part);
    at('2026-03-04T11:00:01Z');
    const before = await balance();
    const held = await suspense('BTC');
    await syncInvoice(s.deps, row);
    at('2026-03-10T00:00:00Z');
    expect(await creditDueExceptions(s.deps)).toBe(0);
    const [e] = await exceptionsOf(t.db, row.guid);
    expect([e.kind, e.status]).toEqual(['short', 'held']);
    expect((await suspense('BTC')) - held).toBe(part);
    // the trader may not credit it (no choice for a short payment), only claim the refund
    await expect(creditException(exceptionDepsOf(s.deps), e.id, userId)).rejects.toMatchObject({ key: 'crypto.choice_closed' });
    await claimRefund(exceptionDepsOf(s.deps), userId, e.id, BTC_ADDRESS);
    expect((await rejectRefund(exceptionDepsOf(s.deps), e.id, 'Address belongs to an exchange')).moved).toBe(true);
    const rejected = (await exceptionsOf(t.db, row.guid))[0];
    expect([rejected.status, rejected.reject_reason]).toEqual(['held', 'Address belongs to an exchange']);
    await expect(approveRefund(exceptionDepsOf(s.deps), s.chain, e.id)).rejects.toMatchObject({ key: 'crypto.not_claimed' });
    await claimRefund(exceptionDepsOf(s.deps), userId, e.id, BTC_ADDRESS);
    expect((await approveRefund(exceptionDepsOf(s.deps), s.chain, e.id)).moved).toBe(true);
    expect(await balance()).toBe(before);
    expect(await suspense('BTC')).toBe(held);
    expect((await verifyLedger(t.db)).ok).toBe(true);

    // the trader's history (every time: the ledger stamps its rows with the database's clock): the refund sent, and the earlier short and late payments credited, each with its invoice for support
    const history = await historyOf(t.db, {} as PlatformGateway, userId, { DateFrom: 0, DateTo: Date.parse('2100-01-01T00:00:00Z'), limit: 100, trType: 'deposit' });
    const refundRow = history.hits.find((h) => h.id === `crypto-exception-${e.id}`);
    expect(refundRow).toMatchObject({ type: 'crypto_exception', status: 'completed', outcome: 'refunded', method: 'short', currency: 'BTC', amount: formatUnits(part, 8), ref: { kind: 'invoice', id: row.guid } });
    expect(history.hits.filter((h) => h.type === 'deposit' && h.outcome === 'short').length).toBe(1);
    expect(history.hits.filter((h) => h.type === 'deposit' && h.outcome === 'late').length).toBe(1);
  });

  it('a payment being confirmed is counted N of M, and counts once confirmed', async () => {
    at('2026-03-05T10:00:00Z');
    const s = service();
    const row = await createInvoice(s.deps, { userId, coin: 'ltc', amount: '250', fixed: false, bonus: false });
    await pay(s, row, toBigInt(row.amount_minor), 0);
    let synced = await syncInvoice(s.deps, row);
    expect([synced.changed, synced.invoice.status, synced.invoice.confirming, toBigInt(synced.invoice.pending_minor)]).toEqual([true, 'wt', 0, toBigInt(row.amount_minor)]);
    await s.chain.mine('ltc', row.address);
    synced = await syncInvoice(s.deps, synced.invoice);
    expect([synced.invoice.status, synced.invoice.confirming]).toEqual(['wt', 1]);
    await s.chain.mine('ltc', row.address);
    synced = await syncInvoice(s.deps, synced.invoice);
    expect([synced.invoice.status, synced.invoice.confirming, toBigInt(synced.invoice.pending_minor)]).toEqual(['su', 0, 0n]);
    expect(await exceptionsOf(t.db, row.guid)).toEqual([]);
  });
});
