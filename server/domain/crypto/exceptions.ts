import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { WithdrawalMethod } from '../../../core/contract';
import { EXCEPTION_TABLE, planException, type CryptoExceptionKind, type CryptoExceptionRules } from '../../../core/crypto-exceptions';
import { exponentOf, isCurrency } from '../../../core/money';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import type { CryptoExceptionRow, CryptoInvoiceRow } from '../../db/schema-crypto';
import { toBigInt } from '../../db/values';
import { creditDeposit } from '../deposits/credit';
import { houseAccount, transfer, type DbOrTx } from '../ledger';
import type { ChainSender, RateSource } from '../ports';
import { Refusal } from '../refusal';
import { isValidWallet, normalizeWallet } from '../withdrawals/wallets';
import type { ChainId } from './coins';
import { fiatForCoin, priceScaled } from './rates';
import { RATE_DECIMALS, formatUnits, parseUnits } from './units';

/**
 * Crypto invoice exceptions (issue 32 §1; the rules: core/crypto-exceptions.ts; docs/funding.md).
 *
 * When an invoice is brought up to date with the chain (invoices.ts syncInvoice), every payment
 * that is short (the invoice expired part paid), late (seen after expiry) or over (more than the
 * amount before expiry) becomes one crypto_exceptions row, keyed `{guid}:short` or `{guid}:{txid}`
 * (unique: a repeated check, a second server or a restart cannot record it twice), in the same
 * transaction as the invoice's update.
 *
 * The ledger: the coins of a new exception are booked from the coin's house account (the chain's
 * side) to the coin's suspense account (type 'suspense', one per coin, no user, never below zero):
 * they are ours but not the trader's yet. A credit moves them back to the house (kind
 * crypto_held_release) and credits the trader's account through creditDeposit; a refund moves
 * them to the house as they leave on the chain (kind crypto_refund). Every movement has its own
 * idempotency key (crypto-held:, crypto-release:, crypto-exception:, crypto-refund: + the key or
 * id), so the suspense balance of a coin always equals the coins of its held and claimed
 * exceptions, and verifyLedger holds.
 */

export interface ExceptionDeps {
  db: Db;
  rates: RateSource;
  rules: CryptoExceptionRules;
  now?: () => Date;
}

const clock = (deps: { now?: () => Date }): Date => deps.now?.() ?? new Date();

/** The suspense account of a coin (received, not credited), created when first needed. */
export async function suspenseAccount(db: DbOrTx, currency: string): Promise<number> {
  await sql`insert into accounts (user_id, currency, account_group, type) values (null, ${currency}, 'suspense', 'suspense')
    on conflict (currency) where type = 'suspense' do nothing`.execute(db);
  const row = await db.selectFrom('accounts').select('id').where('type', '=', 'suspense' as never).where('currency', '=', currency).executeTakeFirstOrThrow();
  return row.id;
}

export interface SeenPayment {
  txid: string;
  amountMinor: bigint;
  seenAt: Date;
}

export interface FoundException {
  key: string;
  kind: CryptoExceptionKind;
  txid: string;
  coinMinor: bigint;
  seenAt: Date;
}

/**
 * The exceptions in an invoice's confirmed payments, in the order they arrived: each payment
 * after expiry is late; before expiry the payments count up to the amount, the excess of the one
 * that completes it and every one after it are over; an invoice that expired (`expired`) with
 * something but not all received is short by what it received.
 */
export function findExceptions(invoice: Pick<CryptoInvoiceRow, 'guid' | 'amount_minor' | 'expires_at'>, payments: readonly SeenPayment[], expired: boolean): FoundException[] {
  const amount = toBigInt(invoice.amount_minor);
  const found: FoundException[] = [];
  let received = 0n;
  let complete = false;
  let last: Date | null = null;
  const sorted = [...payments].sort((a, b) => a.seenAt.getTime() - b.seenAt.getTime() || a.txid.localeCompare(b.txid));
  for (const p of sorted) {
    if (p.amountMinor <= 0n) continue;
    const key = `${invoice.guid}:${p.txid}`;
    if (p.seenAt.getTime() > invoice.expires_at.getTime()) {
      found.push({ key, kind: 'late', txid: p.txid, coinMinor: p.amountMinor, seenAt: p.seenAt });
      continue;
    }
    if (complete) {
      found.push({ key, kind: 'over', txid: p.txid, coinMinor: p.amountMinor, seenAt: p.seenAt });
      continue;
    }
    received += p.amountMinor;
    last = p.seenAt;
    if (received >= amount) {
      complete = true;
      if (received > amount) found.push({ key, kind: 'over', txid: p.txid, coinMinor: received - amount, seenAt: p.seenAt });
    }
  }
  if (expired && !complete && received > 0n && last) found.push({ key: `${invoice.guid}:short`, kind: 'short', txid: '', coinMinor: received, seenAt: last });
  return found;
}

/** The price of the invoice's coin in its rate currency now ('' when the feed has none). */
export async function arrivalRate(rates: RateSource, invoice: Pick<CryptoInvoiceRow, 'asset' | 'rate_currency'>): Promise<string> {
  try {
    return formatUnits(priceScaled(await rates.quote(), invoice.asset, invoice.rate_currency), RATE_DECIMALS);
  } catch {
    return '';
  }
}

/**
 * Records the exceptions not recorded yet (inside the invoice's transaction, its row locked) and
 * books their coins into the suspense account. Returns the ids of the new ones.
 */
export async function recordExceptions(
  trx: Transaction<Database>,
  rules: CryptoExceptionRules,
  invoice: CryptoInvoiceRow,
  found: readonly FoundException[],
  rate: string,
  now: Date,
): Promise<string[]> {
  const ids: string[] = [];
  for (const e of found) {
    const plan = planException(e.kind, rules, now);
    const inserted = await trx
      .insertInto('crypto_exceptions')
      .values({
        id: randomUUID(),
        key: e.key,
        invoice_guid: invoice.guid,
        user_id: invoice.user_id,
        kind: e.kind,
        txid: e.txid,
        asset: invoice.asset,
        chain: invoice.chain,
        decimals: invoice.decimals,
        coin_minor: e.coinMinor,
        seen_at: e.seenAt,
        arrival_rate: e.kind === 'late' ? rate : '',
        auto_credit_at: plan.autoCreditAt,
        choose_until: plan.chooseUntil,
        created_at: now,
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) continue;
    const held = await transfer(trx, {
      kind: 'crypto_held',
      idempotencyKey: `crypto-held:${e.key}`,
      debitAccountId: await houseAccount(trx, invoice.asset),
      creditAccountId: await suspenseAccount(trx, invoice.asset),
      amountMinor: e.coinMinor,
      currency: invoice.asset,
      meta: { invoice: invoice.guid, exception: inserted.id, kind: e.kind, txid: e.txid },
    });
    await trx.updateTable('crypto_exceptions').set({ held_tx_id: held.txId }).where('id', '=', inserted.id).execute();
    ids.push(inserted.id);
  }
  return ids;
}

/** What crediting an exception gives: the amount in the invoice's credit currency and the rate used. */
export function creditOf(invoice: CryptoInvoiceRow, e: Pick<CryptoExceptionRow, 'kind' | 'coin_minor' | 'arrival_rate'>): { creditMinor: bigint; rate: string } | null {
  const coin = toBigInt(e.coin_minor);
  // the invoice credits the trader's account of the coin itself: the coins are the credit
  if (invoice.credit_currency === invoice.asset) return { creditMinor: coin, rate: '' };
  if (EXCEPTION_TABLE[e.kind].rate === 'invoice') {
    return { creditMinor: (toBigInt(invoice.credit_minor) * coin) / toBigInt(invoice.amount_minor), rate: invoice.rate };
  }
  if (!e.arrival_rate || !isCurrency(invoice.credit_currency)) return null;
  return { creditMinor: fiatForCoin(coin, invoice.decimals, parseUnits(e.arrival_rate, RATE_DECIMALS), exponentOf(invoice.credit_currency)), rate: e.arrival_rate };
}

export interface Settled {
  exception: CryptoExceptionRow;
  /** this call moved it (false: it was already settled, or not due) */
  moved: boolean;
  userId: number;
  invoiceGuid: string;
}

async function locked(trx: Transaction<Database>, id: string) {
  return trx.selectFrom('crypto_exceptions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Credits a held exception once: its coins leave the suspense account for the house, the trader's
 * account is credited (creditDeposit, key crypto-exception:{id}). `byTrader`: the trader's choice
 * (allowed while the choice window is open), else the rules' (due at auto_credit_at).
 */
export async function creditException(deps: ExceptionDeps, id: string, byTrader?: number): Promise<Settled> {
  const now = clock(deps);
  // a late payment without an arrival rate (the feed was down) takes the rate of now
  const peek = await deps.db.selectFrom('crypto_exceptions as e').innerJoin('crypto_invoices as i', 'i.guid', 'e.invoice_guid').select(['e.kind', 'e.arrival_rate', 'i.asset', 'i.rate_currency']).where('e.id', '=', id).executeTakeFirst();
  const fallbackRate = peek && peek.kind === 'late' && !peek.arrival_rate ? await arrivalRate(deps.rates, peek) : '';
  return deps.db.transaction().execute(async (trx) => {
    const e = await locked(trx, id);
    if (!e || (byTrader !== undefined && e.user_id !== byTrader)) throw new Refusal(404, 'not_found', 'There is no such payment.');
    const base = { exception: e, moved: false, userId: e.user_id, invoiceGuid: e.invoice_guid };
    if (e.status !== 'held') {
      if (byTrader !== undefined && e.status !== 'credited') throw new Refusal(409, 'crypto.exception_closed', 'This payment is already being refunded.');
      return base;
    }
    if (byTrader !== undefined) {
      if (!e.choose_until || now.getTime() >= e.choose_until.getTime()) throw new Refusal(409, 'crypto.choice_closed', 'The time to choose has passed.');
    } else if (!e.auto_credit_at || e.auto_credit_at.getTime() > now.getTime()) {
      return base;
    }
    const invoice = await trx.selectFrom('crypto_invoices').selectAll().where('guid', '=', e.invoice_guid).executeTakeFirstOrThrow();
    const credit = creditOf(invoice, { ...e, arrival_rate: e.arrival_rate || fallbackRate });
    if (!credit) return base;
    const coin = toBigInt(e.coin_minor);
    const release = await transfer(trx, {
      kind: 'crypto_held_release',
      idempotencyKey: `crypto-release:${e.id}`,
      debitAccountId: await suspenseAccount(trx, e.asset),
      creditAccountId: await houseAccount(trx, e.asset),
      amountMinor: coin,
      currency: e.asset,
      meta: { invoice: e.invoice_guid, exception: e.id, kind: e.kind },
    });
    let txId = release.txId;
    if (credit.creditMinor > 0n) {
      const tx = await creditDeposit(trx, {
        idempotencyKey: `crypto-exception:${e.id}`,
        userId: e.user_id,
        accountId: invoice.credit_account_id,
        amountMinor: credit.creditMinor,
        currency: invoice.credit_currency,
        method: 'crypto',
        meta: { coin: invoice.coin, asset: invoice.asset, invoice: invoice.guid, hash: e.txid, exception: e.kind, rate: credit.rate },
        now,
      });
      txId = tx.txId;
    }
    const updated = await trx
      .updateTable('crypto_exceptions')
      .set({ status: 'credited', credit_minor: credit.creditMinor, credit_currency: invoice.credit_currency, credit_rate: credit.rate, credit_tx_id: txId, resolved_at: now, arrival_rate: e.arrival_rate || fallbackRate })
      .where('id', '=', e.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...base, exception: updated, moved: true };
  });
}

/** Credits every exception the rules made due by now (after a restart too); returns those that moved. */
export async function creditDue(deps: ExceptionDeps, limit = 100): Promise<Settled[]> {
  const due = await deps.db
    .selectFrom('crypto_exceptions')
    .select('id')
    .where('status', '=', 'held')
    .where('auto_credit_at', '<=', clock(deps))
    .orderBy('auto_credit_at')
    .limit(limit)
    .execute();
  const moved: Settled[] = [];
  for (const { id } of due) {
    const settled = await creditException(deps, id);
    if (settled.moved) moved.push(settled);
  }
  return moved;
}

/** the withdrawal method whose address checks fit a chain (server/domain/withdrawals/wallets.ts) */
const CHAIN_METHOD: Record<ChainId, WithdrawalMethod> = { btc: 'Bitcoin', ltc: 'Litecoin', bch: 'Bitcoin_Cash', dash: 'Dash', zec: 'Zcash', eth: 'Ethereum' };

/** A refund destination on the exception's chain, as stored; throws a Refusal when it is not one. */
export async function refundAddress(db: DbOrTx, chain: string, address: string): Promise<string> {
  const method = CHAIN_METHOD[chain as ChainId];
  if (!method) throw new Refusal(400, 'crypto.refund_address', 'Enter an address on the same network.');
  const wallet = normalizeWallet(method, address);
  if (wallet === '' || wallet.length > 128 || !isValidWallet(method, wallet)) {
    throw new Refusal(400, 'crypto.refund_address', 'Enter an address on the same network.', { fields: { address: 'crypto.refund_address' } });
  }
  // one of our own invoice addresses would pay an invoice instead of refunding
  const ours = await db.selectFrom('crypto_invoices').select('guid').where('chain', '=', chain).where('address', '=', wallet).executeTakeFirst();
  if (ours) throw new Refusal(400, 'crypto.refund_address_ours', 'This is a deposit address of ours: enter your own wallet’s address.', { fields: { address: 'crypto.refund_address_ours' } });
  return wallet;
}

/** The trader claims a refund of a held exception to their address; the operator approves it. */
export async function claimRefund(deps: ExceptionDeps, userId: number, id: string, address: string): Promise<Settled> {
  const now = clock(deps);
  const peek = await deps.db.selectFrom('crypto_exceptions').select(['chain', 'user_id']).where('id', '=', id).executeTakeFirst();
  if (!peek || peek.user_id !== userId) throw new Refusal(404, 'not_found', 'There is no such payment.');
  const wallet = await refundAddress(deps.db, peek.chain, address);
  return deps.db.transaction().execute(async (trx) => {
    const e = (await locked(trx, id))!;
    const base = { exception: e, moved: false, userId: e.user_id, invoiceGuid: e.invoice_guid };
    if (e.status === 'claimed' && e.refund_address === wallet) return base;
    if (e.status !== 'held') throw new Refusal(409, 'crypto.exception_closed', e.status === 'credited' ? 'This payment was credited to your account.' : 'A refund of this payment is already under way.');
    const updated = await trx
      .updateTable('crypto_exceptions')
      .set({ status: 'claimed', refund_address: wallet, claimed_at: now, rejected_at: null, reject_reason: null })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...base, exception: updated, moved: true };
  });
}

/**
 * The operator approves a refund claim: the chain sends the coins to the trader's address
 * (ref crypto-refund:{id}: one transaction however often it is asked), the suspense account
 * gives them up (ledger, same key), the exception is refunded; all in one database transaction.
 */
export async function approveRefund(deps: ExceptionDeps, sender: ChainSender, id: string): Promise<Settled> {
  const now = clock(deps);
  return deps.db.transaction().execute(async (trx) => {
    const e = await locked(trx, id);
    if (!e) throw new Refusal(404, 'not_found', 'There is no such refund claim.');
    const base = { exception: e, moved: false, userId: e.user_id, invoiceGuid: e.invoice_guid };
    if (e.status === 'refunded') return base;
    if (e.status !== 'claimed' || !e.refund_address) throw new Refusal(409, 'crypto.not_claimed', 'This payment has no refund claim waiting.');
    const ref = `crypto-refund:${e.id}`;
    const coin = toBigInt(e.coin_minor);
    const txid = await sender.sendRefund(trx, { chain: e.chain as ChainId, address: e.refund_address, asset: e.asset, amountMinor: coin, decimals: e.decimals, ref });
    const tx = await transfer(trx, {
      kind: 'crypto_refund',
      idempotencyKey: ref,
      debitAccountId: await suspenseAccount(trx, e.asset),
      creditAccountId: await houseAccount(trx, e.asset),
      amountMinor: coin,
      currency: e.asset,
      meta: { invoice: e.invoice_guid, exception: e.id, kind: e.kind, txid, address: e.refund_address },
    });
    const updated = await trx
      .updateTable('crypto_exceptions')
      .set({ status: 'refunded', refund_txid: txid, refund_tx_id: tx.txId, resolved_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...base, exception: updated, moved: true };
  });
}

/** The operator rejects a refund claim: the coins stay held, the trader may enter another address or ask support. */
export async function rejectRefund(deps: ExceptionDeps, id: string, reason: string): Promise<Settled> {
  const now = clock(deps);
  return deps.db.transaction().execute(async (trx) => {
    const e = await locked(trx, id);
    if (!e) throw new Refusal(404, 'not_found', 'There is no such refund claim.');
    const base = { exception: e, moved: false, userId: e.user_id, invoiceGuid: e.invoice_guid };
    if (e.status !== 'claimed') return base;
    const updated = await trx
      .updateTable('crypto_exceptions')
      .set({ status: 'held', rejected_at: now, reject_reason: reason.slice(0, 200), claimed_at: null })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...base, exception: updated, moved: true };
  });
}

/** An invoice's exceptions, oldest first. */
export async function exceptionsOf(db: DbOrTx, guid: string): Promise<CryptoExceptionRow[]> {
  return db.selectFrom('crypto_exceptions').selectAll().where('invoice_guid', '=', guid).orderBy('created_at').orderBy('seen_at').orderBy('key').execute();
}

export interface ConsoleClaim {
  id: string;
  email: string;
  invoice: string;
  kind: CryptoExceptionKind;
  amount: string;
  asset: string;
  chain: string;
  address: string;
  status: string;
  claimedAt: string | null;
  refundTxid: string | null;
}

/** What the sandbox chain console lists: claims waiting, then the latest refunded. */
export async function consoleClaims(db: DbOrTx): Promise<{ waiting: ConsoleClaim[]; refunded: ConsoleClaim[] }> {
  const rows = await db
    .selectFrom('crypto_exceptions as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.id', 'u.email', 'e.invoice_guid', 'e.kind', 'e.coin_minor', 'e.decimals', 'e.asset', 'e.chain', 'e.refund_address', 'e.status', 'e.claimed_at', 'e.refund_txid', 'e.resolved_at'])
    .where('e.status', 'in', ['claimed', 'refunded'])
    .orderBy('e.claimed_at')
    .limit(500)
    .execute();
  const view = (r: (typeof rows)[number]): ConsoleClaim => ({
    id: r.id,
    email: r.email,
    invoice: r.invoice_guid,
    kind: r.kind,
    amount: formatUnits(toBigInt(r.coin_minor), r.decimals),
    asset: r.asset,
    chain: r.chain,
    address: r.refund_address ?? '',
    status: r.status,
    claimedAt: r.claimed_at?.toISOString() ?? null,
    refundTxid: r.refund_txid,
  });
  return {
    waiting: rows.filter((r) => r.status === 'claimed').map(view),
    refunded: rows
      .filter((r) => r.status === 'refunded')
      .sort((a, b) => (b.resolved_at?.getTime() ?? 0) - (a.resolved_at?.getTime() ?? 0))
      .slice(0, 20)
      .map(view),
  };
}
