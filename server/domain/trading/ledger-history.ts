import { sql } from 'kysely';
import type { HistoryEntry, HistoryQuery, HistoryType } from '../../../core/contract';
import type { Db } from '../../db';
import { toBigInt, toCount } from '../../db/values';
import { ASSETS } from '../crypto/coins';
import { formatMoney } from '../../../core/money';

/**
 * The trader's own money movements for the history page: our ledger's entries on the trader's
 * trading and demo accounts, and the credits and debits of the bonus balance, each
 * said in the trader's terms (type, method, detail, and for a withdrawal its outcome from the
 * withdrawals table) with the balance of its account after it. Trade results ('trade_result') are
 * left out: the platform's stakes and payouts show the trades.
 */

/** the ledger kinds each history type stands for (kinds of other issues included: bonus, prize, transfer) */
const KINDS: Partial<Record<HistoryType, string[]>> = {
  // a refund or a chargeback takes a deposit back (issue 32 §2): listed with the deposits
  deposit: ['deposit', 'demo_credit', 'payment_refund', 'chargeback'],
  withdrawal: ['withdrawal_hold', 'withdrawal_release', 'withdrawal_payout'],
  tip: ['tip'],
  bonus: ['bonus', 'offer_giveaway', 'offer_riskfree', 'iq_reward', 'bonus_release', 'bonus_forfeit'],
  prize: ['prize', 'contest_prize'],
  transfer: ['transfer'],
};

/** the platform shows these; our ledger's copies (booked trade results) would repeat them */
const SHOWN_BY_PLATFORM = ['trade_result'];

/** true when the ledger has rows of this history type (no type: every kind) */
export const ledgerHas = (type: HistoryType | undefined): boolean => type === undefined || KINDS[type] !== undefined;

export interface LedgerPage {
  rows: HistoryEntry[];
  total: number;
}

/** a withdrawal hold is pending, paid (completed) or cancelled/rejected (cancelled); every other movement is done */
const STATUS = sql<string>`case
    when t.kind = 'withdrawal_hold' and w.status = 'pending' then 'pending'
    when t.kind = 'withdrawal_hold' and w.status in ('cancelled', 'rejected') then 'cancelled'
    else 'completed' end`;

/**
 * The trader's ledger entries with their transaction, account and withdrawal (a join on
 * meta.withdrawalId): the one query the History page and the statement read
 * (server/domain/statement/statement.ts), each adding its own filters.
 */
export function ledgerEntries(db: Db, userId: number) {
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.tx_id')
    .innerJoin('accounts as a', 'a.id', 'e.account_id')
    .leftJoin('withdrawals as w', (join) => join.on((eb) => eb('w.id', '=', sql<string>`t.meta->>'withdrawalId'`)).on('w.user_id', '=', userId))
    .where('a.user_id', '=', userId);
}

/** the columns a row needs to be said in the trader's terms (`entryOf`) */
export const ENTRY_COLUMNS = ['e.id', 'e.account_id', 't.kind', 't.meta', 'e.amount_minor', 'e.currency', 't.created_at', 'a.type as account_type', 'w.status as withdrawal_status', 'w.method as withdrawal_method'] as const;
export const entryStatus = () => STATUS.as('status');

/** One entry as ENTRY_COLUMNS and `entryStatus()` select it. */
export interface LedgerRow {
  id: string | number | bigint;
  kind: string;
  meta: unknown;
  amount_minor: string | number | bigint;
  currency: string;
  created_at: Date;
  account_type: string;
  withdrawal_status: string | null;
  withdrawal_method: string | null;
  status: string;
}

/**
 * The first `window` ledger rows of the query, newest first (created_at, then entry id), and how
 * many match in all. The withdrawal's status comes from a join on meta.withdrawalId (one query).
 */
export async function ledgerHistory(db: Db, userId: number, q: HistoryQuery, window: number, hosts: readonly { id: string; name: string }[]): Promise<LedgerPage> {
  if (!ledgerHas(q.trType)) return { rows: [], total: 0 };
  let base = ledgerEntries(db, userId)
    // the bonus balance's side of a release is the trading account's credit: listed once, there
    .where((eb) => eb.or([eb('a.type', 'in', ['trading', 'demo']), eb.and([eb('a.type', '=', 'bonus'), eb('t.kind', '<>', 'bonus_release')])]))
    .where('t.kind', 'not in', SHOWN_BY_PLATFORM)
    .where('t.created_at', '>=', new Date(q.DateFrom))
    .where('t.created_at', '<=', new Date(q.DateTo));
  if (q.trType) base = base.where('t.kind', 'in', KINDS[q.trType]!);
  if (q.Status) base = base.where(STATUS, '=', q.Status);
  const [{ n }] = await base.select((eb) => eb.fn.countAll<string | bigint>().as('n')).execute();
  const rows = await base
    .select([...ENTRY_COLUMNS, entryStatus()])
    // the account's balance after this entry: every entry of the account up to it, in the order the page lists them
    .select(
      sql<string | bigint>`(select coalesce(sum(x.amount_minor), 0) from ledger_entries x join ledger_transactions y on y.id = x.tx_id
        where x.account_id = e.account_id and (y.created_at < t.created_at or (y.created_at = t.created_at and x.id <= e.id)))`.as('balance_after_minor'),
    )
    .orderBy('t.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(window)
    .execute();
  return {
    total: toCount(n),
    rows: rows.map((r) => entryOf(r, toBigInt(r.balance_after_minor), hosts)),
  };
}

/** A ledger entry in the trader's terms (type, method, detail, outcome), with its account's balance after it. */
export function entryOf(r: LedgerRow, balanceAfterMinor: bigint, hosts: readonly { id: string; name: string }[]): HistoryEntry {
  const meta = (r.meta ?? {}) as Record<string, unknown>;
  const said = describe(r.kind, meta, { status: r.withdrawal_status, method: r.withdrawal_method }, hosts);
  const amountMinor = toBigInt(r.amount_minor);
  return {
    id: `ledger-${String(r.id)}`,
    type: said.type,
    status: r.status,
    amount: formatMoney(amountMinor, r.currency),
    balanceAfter: formatMoney(balanceAfterMinor, r.currency),
    currency: r.currency,
    tradeId: null,
    note: [said.method, said.detail, said.outcome].filter(Boolean).join(' · '),
    ...(r.account_type === 'bonus' && { account: 'bonus' as const }),
    createdAt: r.created_at.getTime(),
    source: 'ledger' as const,
    ...(said.method && { method: said.method }),
    ...(said.detail && { detail: said.detail }),
    ...(said.outcome && { outcome: said.outcome }),
    ...refOf(r.kind, meta),
  };
}

/** the object a movement belongs to, for "Ask about this payment": a card payment, a crypto invoice, a withdrawal */
export function refOf(kind: string, meta: Record<string, unknown>): { ref?: { kind: 'payment' | 'invoice' | 'withdrawal'; id: string } } {
  const payment = text(meta.payment);
  const invoice = text(meta.invoice);
  const withdrawal = text(meta.withdrawalId);
  if ((kind === 'deposit' || kind === 'payment_refund' || kind === 'chargeback') && meta.method === 'card' && payment) return { ref: { kind: 'payment', id: payment } };
  if (kind === 'deposit' && meta.method === 'crypto' && invoice) return { ref: { kind: 'invoice', id: invoice } };
  if (kind.startsWith('withdrawal') && withdrawal) return { ref: { kind: 'withdrawal', id: withdrawal } };
  return {};
}

interface Said {
  type: string;
  method?: string;
  detail?: string;
  outcome?: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** a ledger movement in the trader's terms */
export function describe(
  kind: string,
  meta: Record<string, unknown>,
  withdrawal: { status: string | null; method: string | null },
  hosts: readonly { id: string; name: string }[],
): Said {
  switch (kind) {
    case 'deposit': {
      if (meta.method === 'card') return { type: 'deposit', method: 'card', detail: text(meta.processor) };
      if (meta.method === 'crypto') {
        const asset = text(meta.asset);
        // a credited short, late or over payment (issue 32 §1) says which in its outcome
        return { type: 'deposit', method: 'crypto', detail: (asset && ASSETS[asset]?.name) ?? asset ?? text(meta.coin)?.toUpperCase(), outcome: text(meta.exception) };
      }
      return { type: 'deposit', method: meta.source !== undefined ? 'sandbox' : text(meta.method) };
    }
    case 'demo_credit':
      return { type: 'deposit', method: 'demo' };
    case 'payment_refund':
    case 'chargeback':
      // a card deposit's processor, or the wallet's name (server/domain/payments/reversals.ts)
      return { type: kind, method: text(meta.method), detail: meta.method === 'card' ? text(meta.processor) : undefined };
    case 'withdrawal_hold':
      return { type: 'withdrawal', method: withdrawal.method ?? text(meta.method), outcome: withdrawal.status ?? undefined };
    case 'withdrawal_release':
      return { type: 'withdrawal_return', method: withdrawal.method ?? undefined, outcome: text(meta.outcome) ?? withdrawal.status ?? undefined };
    case 'withdrawal_payout':
      return { type: 'withdrawal', method: withdrawal.method ?? undefined, outcome: 'paid' };
    case 'tip': {
      const host = text(meta.host);
      return { type: 'tip', detail: hosts.find((h) => h.id === host)?.name ?? host };
    }
    case 'bonus':
      return { type: 'bonus', detail: text(meta.promo) ?? text(meta.code) ?? text(meta.reason) };
    case 'offer_giveaway':
      return { type: 'bonus', method: 'giveaway' };
    case 'offer_riskfree':
      return { type: 'bonus', method: 'risk_free' };
    case 'iq_reward':
      return { type: 'bonus', method: 'iq' };
    case 'bonus_release':
      return { type: 'bonus_release' };
    case 'bonus_forfeit':
      return { type: 'bonus_forfeit' };
    case 'prize':
    case 'contest_prize':
      return { type: 'prize', detail: text(meta.contest) ?? text(meta.title) };
    case 'transfer':
      return { type: 'transfer' };
    case 'trade_result':
      // a statement lists it (the History page shows the platform's stake and payout instead)
      return { type: 'trade_result', detail: text(meta.symbol) };
    default:
      return { type: kind };
  }
}
