import { holdDeposit } from '../protection/deposit-limits';
import type { RateSource } from '../ports';
import { randomInt, randomUUID } from 'node:crypto';
import type { BankDeposit, BankDetails, BankReportRequest, Settings } from '../../../core/contract';
import { formatMoney, InvalidAmount, parseMoney } from '../../../core/money';
import type { Db } from '../../db';
import type { BankDepositRow, BankMethod } from '../../db/schema-bank-vouchers';
import '../../db/schema-bank-vouchers';
import { PG_UNIQUE_VIOLATION, pgErrorCode, toBigInt } from '../../db/values';
import type { DbOrTx } from '../ledger';
import { isFixedCountry, minDepositOf } from '../payments/fraud-check';
import { checkPromo } from '../promo/codes';
import { Refusal } from '../refusal';
import { detectDocumentMime, storeDocument, type DocumentFile, type DocumentSummary } from '../verification/documents';
import { creditDeposit } from './credit';

/**
 * Bank transfers and fiat reports (spec 001 §5, §7, §9): the trader reports a transfer
 * (POST /api/report/bank or /api/report/fiat), gets a unique payment reference and the bank
 * details, may attach the receipt, and an operator marks the transfer received, which credits
 * the ledger once through creditDeposit (key bank-deposit:{id}).
 */

/** Reference letters a person types without mistakes: no 0/O, 1/I/L, 5/S, 8/B. */
const REFERENCE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY234679';
/** BT-XXXX-XXXX: 26^8 ≈ 2·10^11 references; a clash (unique index) draws again */
export function newReference(): string {
  const part = () => Array.from({ length: 4 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('');
  return `BT-${part()}-${part()}`;
}
const REFERENCE_TRIES = 5;

/** The largest transfer a report may announce. */
export const MAX_BANK_DEPOSIT = '1000000';

export interface BankDeps {
  db: Db;
  settings: Settings;
  /** where the trader sends the money; null: bank transfers are not offered (no account configured) */
  details: BankDetails | null;
  now?: () => Date;
  /** prices, to weigh a deposit in another currency against the trader's deposit limits */
  rates?: RateSource;
}

const notFound = () => new Refusal(404, 'bank.not_found', 'There is no such bank transfer.');

export function bankDepositView(row: BankDepositRow, details: BankDetails, receipt: { id: string; mime: string; size: number } | null): BankDeposit {
  return {
    id: row.id,
    method: row.method,
    reference: row.reference,
    amount: formatMoney(toBigInt(row.amount_minor), row.currency),
    currency: row.currency,
    status: row.status,
    receipt,
    createdAt: new Date(row.created_at).toISOString(),
    receivedAt: row.received_at ? new Date(row.received_at).toISOString() : null,
    bank: details,
  };
}

async function receiptOf(db: DbOrTx, row: BankDepositRow) {
  if (!row.receipt_id) return null;
  const doc = await db.selectFrom('documents').select(['id', 'mime', 'size_bytes']).where('id', '=', row.receipt_id).executeTakeFirst();
  return doc ? { id: doc.id, mime: doc.mime, size: doc.size_bytes } : null;
}

export async function viewOf(db: DbOrTx, row: BankDepositRow, details: BankDetails): Promise<BankDeposit> {
  return bankDepositView(row, details, await receiptOf(db, row));
}

const requireDetails = (deps: BankDeps): BankDetails => {
  if (!deps.details) throw new Refusal(409, 'bank.unavailable', 'Bank transfers are not available right now. Please choose another method.');
  return deps.details;
};

/**
 * Reports a transfer: a pending deposit in the current account with a unique reference. The same
 * `random` key again answers the same deposit (a double click reports once). At least the
 * minimum deposit: 'Wrong amount! Min deposit {min}' (001 §5).
 */
export async function reportBankDeposit(deps: BankDeps, userId: number, method: BankMethod, req: BankReportRequest): Promise<BankDeposit> {
  const { db, settings } = deps;
  const details = requireDetails(deps);
  const existing = await db.selectFrom('bank_deposits').selectAll().where('user_id', '=', userId).where('idem_key', '=', req.random).executeTakeFirst();
  // the whole row: the minimum deposit rule reads md, country and the mdps group's columns
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  if (user.current_account_id === null) throw new Refusal(409, `${method}.no_account`, 'Choose an account to fund first.');
  const account = await db.selectFrom('accounts').select(['id', 'currency']).where('id', '=', user.current_account_id).where('user_id', '=', userId).executeTakeFirstOrThrow();
  if (req.currency !== undefined && req.currency !== '' && req.currency !== account.currency) {
    throw new Refusal(400, `${method}.currency`, `The account is in ${account.currency}; reload the page.`);
  }
  let amountMinor: bigint;
  try {
    amountMinor = parseMoney(req.amount, account.currency);
  } catch (error) {
    if (error instanceof InvalidAmount) throw new Refusal(400, `${method}.amount`, 'Wrong amount!');
    throw error;
  }
  const min = minDepositOf(user, settings);
  if (amountMinor <= 0n || amountMinor < parseMoney(min, account.currency)) throw new Refusal(400, `${method}.min_deposit`, `Wrong amount! Min deposit ${min}`);
  if (amountMinor > parseMoney(MAX_BANK_DEPOSIT, account.currency)) throw new Refusal(400, `${method}.max_deposit`, `The largest transfer we take is ${MAX_BANK_DEPOSIT}.`);
  if (existing) {
    if (existing.method !== method || toBigInt(existing.amount_minor) !== amountMinor) {
      throw new Refusal(409, `${method}.key_reused`, 'This report was already sent with another amount. Please press the button again.');
    }
    return viewOf(db, existing, details);
  }
  // the bonus as the funding page offers it: opted in, not fixed, not a fixed-amount country (US/CA)
  const bonus = req.bonus && !req.fixed && !isFixedCountry(user.country);
  // a promo code goes with the bonus: checked before the transfer is reported (the page showed what it adds)
  const promo = bonus ? (req.promo ?? '').trim() : '';
  if (promo !== '') await checkPromo(db, userId, promo, account.currency, deps.now?.() ?? new Date());
  for (let i = 0; i < REFERENCE_TRIES; i++) {
    try {
      // the report and its hold toward the trader's deposit limits together (refused: nothing reported)
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await trx
        .insertInto('bank_deposits')
        .values({
          id: randomUUID(),
          user_id: userId,
          account_id: account.id,
          idem_key: req.random,
          method,
          reference: newReference(),
          amount_minor: amountMinor,
          currency: account.currency,
          fixed: req.fixed,
          bonus,
          promo,
        })
        .onConflict((oc) => oc.columns(['user_id', 'idem_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
        if (inserted) await holdDeposit(trx, deps.rates, { userId, source: 'bank', ref: inserted.id, amountMinor, currency: account.currency, now: deps.now?.() ?? new Date() });
        return inserted;
      });
      // a parallel request with the same key won: answer its deposit
      const stored = row ?? (await db.selectFrom('bank_deposits').selectAll().where('user_id', '=', userId).where('idem_key', '=', req.random).executeTakeFirstOrThrow());
      return viewOf(db, stored, details);
    } catch (error) {
      if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
      // the reference was taken: draw another
    }
  }
  throw new Refusal(503, 'bank.reference', 'Could not create a payment reference. Please try again.');
}

/** One of the trader's own transfers; another trader's (or a bad id) is 404. */
export async function ownBankDeposit(db: DbOrTx, userId: number, id: string): Promise<BankDepositRow> {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw notFound();
  const row = await db.selectFrom('bank_deposits').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The trader's transfers of `method` still pending, newest first (the tab shows the newest again after a reload). */
export async function openBankDeposits(deps: BankDeps, userId: number, method: BankMethod): Promise<BankDeposit[]> {
  const details = requireDetails(deps);
  const rows = await deps.db
    .selectFrom('bank_deposits')
    .selectAll()
    .where('user_id', '=', userId)
    .where('method', '=', method)
    .where('status', '=', 'pending')
    .orderBy('created_at', 'desc')
    .limit(10)
    .execute();
  return Promise.all(rows.map((row) => viewOf(deps.db, row, details)));
}

/**
 * Attaches the transfer receipt (PNG, JPEG or PDF by content, 10 MB): stored with the
 * verification area's storage as kind `receipt`; a later receipt replaces the link.
 */
export async function attachReceipt(deps: BankDeps, userId: number, id: string, bytes: Uint8Array): Promise<{ document: DocumentSummary; deposit: BankDeposit }> {
  const details = requireDetails(deps);
  const row = await ownBankDeposit(deps.db, userId, id);
  if (row.status !== 'pending') throw new Refusal(409, 'bank.closed', 'This transfer was already received: no receipt is needed.');
  const mime = await detectDocumentMime(bytes);
  const document = await storeDocument(deps.db, { userId, kind: 'receipt', bytes, mime });
  const updated = await deps.db.updateTable('bank_deposits').set({ receipt_id: document.id }).where('id', '=', row.id).where('user_id', '=', userId).returningAll().executeTakeFirstOrThrow();
  return { document, deposit: await viewOf(deps.db, updated, details) };
}

export interface MarkedReceived {
  deposit: BankDeposit;
  userId: number;
  /** false: it had been received already (a second click): nothing was credited */
  credited: boolean;
}

/** The operator marks a transfer received: credited once, in one transaction with the status (the row locked). */
export async function markReceived(deps: BankDeps, id: string): Promise<MarkedReceived> {
  const details = requireDetails(deps);
  const { settings } = deps;
  if (!/^[0-9a-f-]{36}$/.test(id)) throw notFound();
  const now = deps.now?.() ?? new Date();
  const result = await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('bank_deposits').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound();
    if (row.status === 'received') return { row, credited: false };
    const tx = await creditDeposit(trx, {
      idempotencyKey: `bank-deposit:${row.id}`,
      userId: row.user_id,
      accountId: row.account_id,
      amountMinor: toBigInt(row.amount_minor),
      currency: row.currency,
      method: row.method,
      meta: { deposit: row.id, reference: row.reference },
      bonus: row.bonus,
      promo: row.promo,
      // the bonus rules the funding page showed the bonus with (/api/card/options serves the same settings)
      settings,
      now,
      hold: { source: 'bank', ref: row.id },
    });
    const updated = await trx
      .updateTable('bank_deposits')
      .set({ status: 'received', credit_tx_id: tx.txId, received_at: now })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row: updated, credited: !tx.replayed };
  });
  return { deposit: await viewOf(deps.db, result.row, details), userId: result.row.user_id, credited: result.credited };
}

export interface ConsoleTransfer {
  id: string;
  email: string;
  method: BankMethod;
  reference: string;
  amount: string;
  currency: string;
  status: 'pending' | 'received';
  receiptId: string | null;
  receiptMime: string | null;
  createdAt: string;
  receivedAt: string | null;
}

/** The bank console's list: pending transfers (oldest first), then the last received ones. */
export async function consoleTransfers(db: Db): Promise<{ pending: ConsoleTransfer[]; received: ConsoleTransfer[] }> {
  const base = db
    .selectFrom('bank_deposits as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .leftJoin('documents as d', 'd.id', 'b.receipt_id')
    .select(['b.id', 'u.email', 'b.method', 'b.reference', 'b.amount_minor', 'b.currency', 'b.status', 'b.receipt_id', 'd.mime', 'b.created_at', 'b.received_at']);
  const [pending, received] = await Promise.all([
    base.where('b.status', '=', 'pending').orderBy('b.created_at').limit(200).execute(),
    base.where('b.status', '=', 'received').orderBy('b.received_at', 'desc').limit(20).execute(),
  ]);
  const view = (r: (typeof pending)[number]): ConsoleTransfer => ({
    id: r.id,
    email: r.email,
    method: r.method,
    reference: r.reference,
    amount: formatMoney(toBigInt(r.amount_minor), r.currency),
    currency: r.currency,
    status: r.status,
    receiptId: r.receipt_id,
    receiptMime: r.mime ?? null,
    createdAt: new Date(r.created_at).toISOString(),
    receivedAt: r.received_at ? new Date(r.received_at).toISOString() : null,
  });
  return { pending: pending.map(view), received: received.map(view) };
}

/** The receipt of a transfer, for the operator's console. */
export async function receiptForConsole(db: Db, depositId: string): Promise<DocumentFile | null> {
  if (!/^[0-9a-f-]{36}$/.test(depositId)) return null;
  const row = await db
    .selectFrom('bank_deposits as b')
    .innerJoin('documents as d', 'd.id', 'b.receipt_id')
    .select(['d.id', 'd.mime', 'd.content'])
    .where('b.id', '=', depositId)
    .executeTakeFirst();
  if (!row) return null;
  return { id: row.id, kind: 'receipt', mime: row.mime, content: Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength) };
}
