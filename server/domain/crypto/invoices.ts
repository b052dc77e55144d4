import { holdDeposit, releaseHold } from '../protection/deposit-limits';
import { createHash, randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Settings } from '../../../core/contract';
import type { Db } from '../../db';
import type { Database, SessionRow } from '../../db/schema';
import type { CryptoInvoiceRow, InvoiceStatus } from '../../db/schema-crypto';
import { PG_UNIQUE_VIOLATION, pgErrorCode, toBigInt } from '../../db/values';
import { type DbOrTx } from '../ledger';
import { creditDeposit } from '../deposits/credit';
import { MINIMUM_COLUMNS, type MinimumRow } from '../deposits/minimum';
import { minDepositInto } from '../payments/fraud-check';
import type { MinDepositAccount } from '../../../core/min-deposit';
import { InvalidAmount, exponentOf, isCurrency, parseMoney } from '../../../core/money';
import { compiledOnce } from '../../db/compiled-once';
import { liveSession, splitSession } from '../sessions';
import { Refusal } from '../refusal';
import { isDemoEmail } from '../users';
import { deriveAddress, parseExtendedPublicKey } from './addresses';
import { assetOf, CHAINS, type Asset, type ChainId, type CoinSlug } from './coins';
import type { CryptoConfig } from './config';
import { coinForFiat, fiatForCoin, priceScaled, RateUnavailable } from './rates';
import { InvalidUnits, RATE_DECIMALS, formatUnits, parseUnits, pow10 } from './units';
import type { ChainWatcher, RateSource } from '../ports';
import { arrivalRate, creditDue, creditException, findExceptions, recordExceptions, type ExceptionDeps, type Settled } from './exceptions';

/**
 * Crypto invoices (spec 000 §3-4, 001 §4, 002 §4): created with a fresh address and an amount
 * fixed at the rate of the moment, then moved by what the chain watcher sees:
 * wt → su (paid in full before expiry: credited through the ledger in the same database
 * transaction, idempotency key = the invoice) or wt → ex (the hour ran out). Payments that
 * arrive after expiry, or on top of a paid invoice, are recorded as late and never lost.
 */

export interface InvoiceEvents {
  /** the invoice moved (status, paid or late changed) */
  invoiceUpdated(userId: number, guid: string, status: InvoiceStatus): void;
  /**
   * the same event, inside the transaction that moved the invoice (PostgreSQL: NOTIFY,
   * delivered at COMMIT, nothing after a ROLLBACK); what it returns runs after the commit.
   * When given, invoiceUpdated is not called.
   */
  invoiceUpdatedIn?(trx: Transaction<Database>, userId: number, guid: string, status: InvoiceStatus): Promise<() => void>;
  /** a credit landed: balances changed */
  userUpdated(userId: number): void;
}

export interface InvoiceDeps {
  db: Db;
  watcher: ChainWatcher;
  rates: RateSource;
  config: CryptoConfig;
  settings: Pick<Settings, 'minDeposit' | 'usCaMinShown' | 'mdps'>;
  siteHost: string;
  events: InvoiceEvents;
  now?: () => Date;
}

/** the largest fiat value one invoice may carry, in whole units */
export const MAX_INVOICE_FIAT = 10_000_000n;

const clock = (deps: InvoiceDeps): Date => deps.now?.() ?? new Date();
const xpubHash = (xpub: string): string => createHash('sha256').update(xpub).digest('hex');

/** The minimum deposit of a user in their account currency: their own override, else 500 shown for US/CA, else the setting. */
export function minDepositFor(user: MinimumRow, settings: InvoiceDeps['settings'], account: MinDepositAccount): string {
  return minDepositInto(user, settings, account);
}

export interface CreateInvoiceInput {
  userId: number;
  coin: CoinSlug;
  token?: string;
  /** fiat amount in the account currency, or in fixed mode the coin amount */
  amount: string;
  fixed: boolean;
  bonus: boolean;
  /** the fiat currency the amount is in (non-fixed); must be the credited account's */
  currency?: string;
  voucher?: boolean;
}

/** Hands out the next address index of a chain's key: the counter only grows (row lock). */
async function nextIndex(db: DbOrTx, chain: ChainId, hash: string): Promise<number> {
  const row = await db
    .insertInto('crypto_address_counters')
    .values({ chain, xpub_hash: hash, next_index: 1 })
    .onConflict((oc) => oc.columns(['chain', 'xpub_hash']).doUpdateSet({ next_index: sql`crypto_address_counters.next_index + 1` }))
    .returning('next_index')
    .executeTakeFirstOrThrow();
  return row.next_index - 1;
}

function amountError(error: unknown): never {
  if (error instanceof InvalidAmount || error instanceof InvalidUnits) {
    throw new Refusal(400, error.key === 'amount.too_precise' ? 'crypto.too_precise' : 'crypto.wrong_amount', error.key === 'amount.too_precise' ? 'The amount has too many decimals.' : 'Wrong amount!');
  }
  throw error;
}

export async function createInvoice(deps: InvoiceDeps, input: CreateInvoiceInput): Promise<CryptoInvoiceRow> {
  const asset = assetOf(input.coin, input.token);
  if (!asset) throw new Refusal(400, 'crypto.token', 'Choose one of the offered tokens.');
  const xpub = deps.config.xpubs[asset.chain];
  if (!xpub) throw new Refusal(503, 'crypto.unavailable', `${CHAINS[asset.chain].name} deposits are not available right now.`);
  const { db } = deps;

  const user = await db.selectFrom('users').select([...MINIMUM_COLUMNS, 'current_account_id']).where('id', '=', input.userId).executeTakeFirst();
  if (!user) throw new Refusal(404, 'not_found', 'Not found.');
  if (isDemoEmail(user.email, deps.siteHost)) throw new Refusal(403, 'crypto.demo', 'This is a DEMO account: crypto deposits are not available on it.');
  const accounts = await db.selectFrom('accounts').select(['id', 'currency', 'type']).where('user_id', '=', user.id).orderBy('id').execute();
  const current = accounts.find((a) => a.id === user.current_account_id) ?? accounts.find((a) => a.type === 'trading');
  if (!current || !isCurrency(current.currency)) throw new Refusal(400, 'crypto.no_account', 'You have no account to deposit into.');
  if (current.type === 'demo') throw new Refusal(403, 'crypto.demo', 'This is a DEMO account: crypto deposits are not available on it.');

  let quote;
  try {
    quote = await deps.rates.quote();
  } catch {
    throw new Refusal(503, 'crypto.rates_unavailable', 'Exchange rates are not available right now. Please try again in a minute.');
  }

  let coinMinor: bigint;
  let creditAccount = current;
  let creditMinor: bigint;
  let fiatMinor: bigint;
  let rateCurrency = current.currency;
  let price: bigint;
  try {
    if (input.fixed) {
      // the amount is in the coin; it lands in the trader's account of that coin when there is one
      coinMinor = (() => {
        try {
          return parseUnits(input.amount, asset.decimals);
        } catch (error) {
          return amountError(error);
        }
      })();
      if (coinMinor <= 0n) throw new Refusal(400, 'crypto.wrong_amount', 'Wrong amount!');
      const own = accounts.find((a) => a.currency === asset.symbol && a.type !== 'demo');
      price = priceScaled(quote, asset.symbol, current.currency);
      fiatMinor = fiatForCoin(coinMinor, asset.decimals, price, exponentOf(current.currency));
      if (own && isCurrency(own.currency) && exponentOf(own.currency) === asset.decimals) {
        creditAccount = own;
        creditMinor = coinMinor;
      } else {
        creditMinor = fiatMinor;
      }
      if (creditMinor <= 0n) throw new Refusal(400, 'crypto.amount_too_small', 'The amount is too small to credit.');
    } else {
      if (input.currency !== undefined && input.currency !== current.currency) {
        throw new Refusal(400, 'crypto.currency', `Your account is in ${current.currency}: enter the amount in ${current.currency}.`);
      }
      try {
        fiatMinor = parseMoney(input.amount, current.currency);
      } catch (error) {
        return amountError(error);
      }
      const min = minDepositFor(user, deps.settings, current);
      if (fiatMinor < parseMoney(min, current.currency)) {
        throw new Refusal(400, 'crypto.min_deposit', `Wrong amount! Min deposit ${min}`);
      }
      price = priceScaled(quote, asset.symbol, current.currency);
      coinMinor = coinForFiat(fiatMinor, exponentOf(current.currency), price, asset.decimals);
      creditMinor = fiatMinor;
    }
  } catch (error) {
    if (error instanceof RateUnavailable) throw new Refusal(503, 'crypto.rates_unavailable', 'Exchange rates are not available right now. Please try again in a minute.');
    throw error;
  }
  rateCurrency = current.currency;
  if (fiatMinor > MAX_INVOICE_FIAT * pow10(exponentOf(current.currency))) {
    throw new Refusal(400, 'crypto.amount_too_large', 'The amount is too large for one invoice.');
  }

  const account = parseExtendedPublicKey(xpub);
  const hash = xpubHash(xpub);
  const createdAt = clock(deps);
  const guid = randomUUID();
  for (let attempt = 0; attempt < 20; attempt += 1) {
    try {
      return await db.transaction().execute(async (trx) => {
        // the trader's own deposit limits weigh the invoice's fiat value, before any address is given
        await holdDeposit(trx, deps.rates, { userId: user.id, source: 'crypto', ref: guid, amountMinor: fiatMinor, currency: current.currency, now: createdAt });
        const index = await nextIndex(trx, asset.chain, hash);
        return trx
          .insertInto('crypto_invoices')
          .values({
            guid,
            user_id: user.id,
            coin: input.coin,
            asset: asset.symbol,
            chain: asset.chain,
            address: deriveAddress(account, index, CHAINS[asset.chain].format),
            address_index: index,
            xpub_hash: hash,
            amount_minor: coinMinor,
            decimals: asset.decimals,
            rate: formatUnits(price, RATE_DECIMALS),
            rate_currency: rateCurrency,
            rate_source: quote.source,
            fiat_minor: fiatMinor,
            credit_account_id: creditAccount.id,
            credit_currency: creditAccount.currency,
            credit_minor: creditMinor,
            fixed: input.fixed,
            bonus: input.fixed ? false : input.bonus,
            voucher: input.voucher ?? false,
            created_at: createdAt,
            expires_at: new Date(createdAt.getTime() + deps.config.invoiceTtlMs),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    } catch (error) {
      // the address was handed out under another counter (a restored database): take the next
      if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
    }
  }
  throw new Refusal(503, 'crypto.unavailable', 'No fresh address is available right now.');
}

/** The invoice if it belongs to the user (another user's invoice is as unknown as a missing one). */
export async function findInvoice(db: DbOrTx, userId: number, guid: string): Promise<CryptoInvoiceRow | undefined> {
  if (!/^[0-9a-f-]{36}$/.test(guid)) return undefined;
  return db.selectFrom('crypto_invoices').selectAll().where('guid', '=', guid).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * What the polled check reads of an invoice: its answer (checkView, with exceptionView's rate and
 * currencies) and the chain gate's question (needsChain). The full row is read only when the chain
 * is asked (syncInvoice): fewer columns per poll is less for the database to send and the driver to parse.
 */
const CHECK_COLUMNS = [
  'guid', 'user_id', 'coin', 'asset', 'chain', 'address', 'status', 'expires_at', 'decimals', 'amount_minor', 'received_minor',
  'late_minor', 'pending_minor', 'confirming', 'hash', 'rate', 'rate_currency', 'credit_currency',
] as const satisfies ReadonlyArray<keyof CryptoInvoiceRow>;
export type InvoiceCheckRow = Pick<CryptoInvoiceRow, (typeof CHECK_COLUMNS)[number]>;
const checkColumns = CHECK_COLUMNS.map((c) => `i.${c}` as const);

/**
 * The live session of `sessionId` and, when it is signed in, what the check reads of its user's
 * invoice `guid`, in one select (POST /api/{coin}/check is polled). undefined: no live session.
 */
const invoiceInSession = compiledOnce((db, sessionId: string, now: Date, guid: string) =>
  liveSession(db, sessionId, now)
    .leftJoin('crypto_invoices as i', (join) => join.onRef('i.user_id', '=', 's.user_id').on('i.guid', '=', guid))
    .select(checkColumns),
);

export async function findInvoiceInSession(db: DbOrTx, sessionId: string, guid: string): Promise<{ session: SessionRow; invoice: InvoiceCheckRow | undefined } | undefined> {
  // a guid that cannot be one finds no invoice (a join on false): the rare shape, not compiled once
  const row = /^[0-9a-f-]{36}$/.test(guid)
    ? (await invoiceInSession(db, sessionId, new Date(), guid))[0]
    : await liveSession(db, sessionId, new Date()).leftJoin('crypto_invoices as i', (join) => join.on(sql<boolean>`false`)).select(checkColumns).executeTakeFirst();
  if (!row) return undefined;
  const { session, rest: invoice } = splitSession(row);
  return {
    session,
    invoice: invoice.guid === null ? undefined : (invoice as InvoiceCheckRow),
  };
}

const assetOfRow = (row: Pick<CryptoInvoiceRow, 'coin' | 'asset'>): Asset | undefined =>
  row.coin === 'token' ? assetOf('token', row.asset) : assetOf(row.coin as CoinSlug);

interface Tally {
  received: bigint;
  late: bigint;
  hash: string;
  /** when the payment that completed the invoice was seen */
  completedAt: Date | null;
}

/** Splits the chain's confirmed payments into counted (before expiry, up to the amount) and late. */
function tally(row: CryptoInvoiceRow, payments: Array<{ txid: string; amountMinor: bigint; seenAt: Date }>): Tally & { late: bigint; perTx: Map<string, boolean> } {
  const amount = toBigInt(row.amount_minor);
  const perTx = new Map<string, boolean>();
  let received = 0n;
  let late = 0n;
  let hash = '';
  let completedAt: Date | null = null;
  for (const p of [...payments].sort((a, b) => a.seenAt.getTime() - b.seenAt.getTime() || a.txid.localeCompare(b.txid))) {
    const afterExpiry = p.seenAt.getTime() > row.expires_at.getTime();
    const afterPaid = completedAt !== null || (row.status === 'su' && row.paid_at !== null && p.seenAt.getTime() > row.paid_at.getTime());
    const isLate = afterExpiry || afterPaid;
    perTx.set(p.txid, isLate);
    if (isLate) {
      late += p.amountMinor;
      continue;
    }
    received += p.amountMinor;
    hash = p.txid;
    if (received >= amount && completedAt === null) completedAt = p.seenAt;
  }
  return { received, late, hash, completedAt, perTx };
}

export interface SyncResult {
  invoice: CryptoInvoiceRow;
  changed: boolean;
  credited: boolean;
}

/**
 * Brings an invoice up to date with the chain. Read-only when nothing changed; otherwise one
 * transaction with the invoice row locked records new payments, moves the status and, on
 * success, credits through the ledger (idempotency key = the invoice): a repeated check, a
 * second server or a restart can never credit twice.
 */
export async function syncInvoice(deps: InvoiceDeps, row: CryptoInvoiceRow): Promise<SyncResult> {
  const asset = assetOfRow(row);
  const chain = CHAINS[row.chain as ChainId];
  if (!asset || !chain) return { invoice: row, changed: false, credited: false };
  const seen = await deps.watcher.paymentsTo(chain.id, row.address);
  const ours = seen.filter((p) => p.asset === asset.symbol && p.decimals === row.decimals && p.amountMinor > 0n);
  const confirmed = ours.filter((p) => p.confirmations >= chain.confirmations);
  // seen but not confirmed yet: the page counts the confirmations of the least confirmed one (N of M)
  const unconfirmed = ours.filter((p) => p.confirmations < chain.confirmations);
  const pendingMinor = unconfirmed.reduce((sum, p) => sum + p.amountMinor, 0n);
  const confirming = unconfirmed.length === 0 ? 0 : Math.min(...unconfirmed.map((p) => p.confirmations));
  const now = clock(deps);
  const view = tally(row, confirmed);
  const dueToExpire = row.status === 'wt' && now.getTime() >= row.expires_at.getTime() && view.received < toBigInt(row.amount_minor);
  const dueToPay = row.status === 'wt' && view.completedAt !== null;
  const unchanged =
    !dueToExpire &&
    !dueToPay &&
    view.received === toBigInt(row.received_minor) &&
    view.late === toBigInt(row.late_minor) &&
    view.hash === row.hash &&
    pendingMinor === toBigInt(row.pending_minor) &&
    confirming === row.confirming;
  if (unchanged) return { invoice: row, changed: false, credited: false };
  // a payment after expiry is credited at the rate of its arrival: the rate of now, asked before the transaction
  const rate = confirmed.some((p) => p.seenAt.getTime() > row.expires_at.getTime()) ? await arrivalRate(deps.rates, row) : '';

  const result = await deps.db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('crypto_invoices').selectAll().where('guid', '=', row.guid).forUpdate().executeTakeFirstOrThrow();
    const again = tally(locked, confirmed);
    for (const p of confirmed) {
      await trx
        .insertInto('crypto_payments')
        .values({ invoice_guid: locked.guid, chain: chain.id, txid: p.txid, amount_minor: p.amountMinor, seen_at: p.seenAt, late: again.perTx.get(p.txid) ?? true })
        .onConflict((oc) => oc.columns(['invoice_guid', 'chain', 'txid']).doNothing())
        .execute();
    }
    let status = locked.status;
    let creditTx = locked.credit_tx_id;
    let paidAt = locked.paid_at;
    let closedAt = locked.closed_at;
    let credited = false;
    if (status === 'wt' && again.completedAt !== null) {
      const tx = await creditDeposit(trx, {
        idempotencyKey: `crypto-invoice:${locked.guid}`,
        userId: locked.user_id,
        accountId: locked.credit_account_id,
        amountMinor: toBigInt(locked.credit_minor),
        currency: locked.credit_currency,
        method: 'crypto',
        meta: { coin: locked.coin, asset: locked.asset, invoice: locked.guid, hash: again.hash },
        bonus: locked.bonus,
        hold: { source: 'crypto', ref: locked.guid },
        now,
      });
      status = 'su';
      creditTx = tx.txId;
      paidAt = again.completedAt;
      closedAt = now;
      credited = !tx.replayed;
    } else if (status === 'wt' && now.getTime() >= locked.expires_at.getTime()) {
      status = 'ex';
      closedAt = now;
      // an invoice that expired unpaid no longer counts toward the trader's deposit limits
      await releaseHold(trx, 'crypto', locked.guid, now);
    }
    const updated = await trx
      .updateTable('crypto_invoices')
      .set({
        status,
        credit_tx_id: creditTx,
        paid_at: paidAt,
        closed_at: closedAt,
        received_minor: again.received,
        late_minor: again.late,
        hash: again.hash || locked.hash,
        pending_minor: pendingMinor,
        confirming,
      })
      .where('guid', '=', locked.guid)
      .returningAll()
      .executeTakeFirstOrThrow();
    // short, late and over payments of a closed invoice: recorded once each, their coins held (exceptions.ts)
    const exceptions = status === 'wt' ? [] : await recordExceptions(trx, deps.config.exceptions, updated, findExceptions(updated, confirmed, status === 'ex'), rate, now);
    // another check may have recorded the same payments a moment ago: then nothing moved here
    const moved =
      updated.status !== locked.status ||
      toBigInt(updated.received_minor) !== toBigInt(locked.received_minor) ||
      toBigInt(updated.late_minor) !== toBigInt(locked.late_minor) ||
      updated.hash !== locked.hash ||
      toBigInt(updated.pending_minor) !== toBigInt(locked.pending_minor) ||
      updated.confirming !== locked.confirming ||
      exceptions.length > 0;
    // the event goes out with this transaction (PostgreSQL NOTIFY at COMMIT), never for a rolled-back change
    const announce = moved && deps.events.invoiceUpdatedIn ? await deps.events.invoiceUpdatedIn(trx, locked.user_id, locked.guid, updated.status) : null;
    return { invoice: updated, credited, moved, announce, exceptions };
  });
  if (result.announce) result.announce();
  else if (result.moved) deps.events.invoiceUpdated(row.user_id, row.guid, result.invoice.status);
  if (result.credited) deps.events.userUpdated(row.user_id);
  // the rules credit at once what they credit at once (the sweep's creditDue catches what a crash left)
  await settleExceptions(deps, result.exceptions);
  return { invoice: result.invoice, changed: result.moved, credited: result.credited };
}

/** The exception service over the invoice service's dependencies. */
export const exceptionDepsOf = (deps: InvoiceDeps): ExceptionDeps => ({ db: deps.db, rates: deps.rates, rules: deps.config.exceptions, now: deps.now });

/** Credits those of `ids` the rules make due now, and tells the trader's pages. */
export async function settleExceptions(deps: InvoiceDeps, ids: readonly string[]): Promise<void> {
  for (const id of ids) await tellSettled(deps, await creditException(exceptionDepsOf(deps), id));
}

/** Credits every exception due by now (the sweep: an over-payment's window that passed, a credit a crash left); returns how many moved. */
export async function creditDueExceptions(deps: InvoiceDeps): Promise<number> {
  const moved = await creditDue(exceptionDepsOf(deps));
  for (const settled of moved) await tellSettled(deps, settled);
  return moved.length;
}

/** an exception moved: the invoice page and the balance follow */
export async function tellSettled(deps: Pick<InvoiceDeps, 'db' | 'events'>, settled: Settled): Promise<void> {
  if (!settled.moved) return;
  const invoice = await deps.db.selectFrom('crypto_invoices').select('status').where('guid', '=', settled.invoiceGuid).executeTakeFirst();
  deps.events.invoiceUpdated(settled.userId, settled.invoiceGuid, invoice?.status ?? 'ex');
  if (settled.exception.status === 'credited') deps.events.userUpdated(settled.userId);
}

/** Closes waiting invoices whose hour has passed (the server side of the countdown); returns how many moved. */
export async function sweepExpired(deps: InvoiceDeps, limit = 100): Promise<number> {
  const rows = await deps.db
    .selectFrom('crypto_invoices')
    .selectAll()
    .where('status', '=', 'wt')
    .where('expires_at', '<=', clock(deps))
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  let moved = 0;
  for (const row of rows) if ((await syncInvoice(deps, row)).changed) moved += 1;
  return moved;
}

/** Brings up to date every waiting invoice paying to an address (the watcher saw activity there). */
export async function syncAddress(deps: InvoiceDeps, chain: ChainId, address: string): Promise<void> {
  const rows = await deps.db.selectFrom('crypto_invoices').selectAll().where('chain', '=', chain).where('address', '=', address).execute();
  for (const row of rows) await syncInvoice(deps, row);
}

export { assetOfRow };
