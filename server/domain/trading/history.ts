import { sql } from 'kysely';
import type { HistoryEntry, HistoryQuery, ReportsQuery, ReportsResponse, RunlineEntry, TradeDirection } from '../../../core/contract';
import type { Db } from '../../db';
import { toBigInt } from '../../db/values';
import type { PlatformGateway, TransactionView } from '../ports';
import { formatMoney } from '../../../core/money';
import { Refusal } from '../refusal';
import { ledgerHistory } from './ledger-history';
import { exceptionHistory } from '../crypto/history';

const unavailable = () => new Refusal(503, 'platform.unavailable', 'The trading platform is not reachable right now. Please try again shortly.');

function checkRange(from: number, to: number): void {
  if (from > to) throw new Refusal(400, 'history.range', 'The start date must not be after the end date.');
}

async function emailOf(db: Db, userId: number): Promise<string> {
  return (await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;
}

/** the platform's own movements we list; its deposits and withdrawals mirror our ledger's and are left out */
const PLATFORM_TYPES = ['trade', 'payout', 'refund'] as const;
const NOTE = /^([A-Z]{3,10}) (up|down)$/;

/**
 * POST /api/us/history: every money movement of the trader's trading and demo accounts, newest
 * first: our ledger (deposits, withdrawals with their outcome, tips, bonuses, …) merged with the
 * platform's stakes, payouts and refunds; or with `exchange` the exchange account's movements.
 *
 * Paging over two sources: each gives its first offset + limit rows (the platform one call per
 * type, as it filters by one type at a time), the union is sorted by time and the page cut from
 * it; total is the sum of the sources' totals. Rows of one instant keep a fixed order (ledger
 * first, then the platform's types in order, each in its own order), so pages never overlap.
 */
export async function historyOf(
  db: Db,
  platform: PlatformGateway,
  userId: number,
  q: HistoryQuery,
  hosts: readonly { id: string; name: string }[] = [],
): Promise<{ hits: HistoryEntry[]; total: number }> {
  checkRange(q.DateFrom, q.DateTo);
  if (q.exchange) return exchangeHistory(db, userId, q);
  const offset = q.offset ?? 0;
  const window = offset + q.limit;
  const types = PLATFORM_TYPES.filter((type) => q.trType === undefined || q.trType === type);
  if (types.length > 0 && !platform.transactions) throw unavailable();
  const login = types.length > 0 ? await emailOf(db, userId) : '';
  const [ledger, exceptions, ...fromPlatform] = await Promise.all([
    ledgerHistory(db, userId, q, window, hosts),
    // crypto payments held for a refund, claimed or refunded (issue 32 §1)
    exceptionHistory(db, userId, q, window),
    ...types.map(async (trType) => {
      const answer = await platform.transactions!(login, {
        dateFrom: q.DateFrom,
        dateTo: q.DateTo,
        limit: window,
        offset: 0,
        trType,
        ...(q.Status && { status: q.Status }),
      });
      // a type the platform did not filter (or a mirror row) never shows
      return answer ? { rows: answer.list.filter((row) => row.type === trType).map(platformEntry), total: answer.total } : { rows: [], total: 0 };
    }),
  ]);
  const sources = [ledger, exceptions, ...fromPlatform];
  const ranked = sources.flatMap((source, rank) => source.rows.map((row, index) => ({ row, rank, index })));
  ranked.sort((a, b) => b.row.createdAt - a.row.createdAt || a.rank - b.rank || a.index - b.index);
  return {
    hits: ranked.slice(offset, window).map((r) => r.row),
    total: sources.reduce((sum, source) => sum + source.total, 0),
  };
}

/** a platform transaction with its trade's instrument and direction read from the platform's note */
function platformEntry(row: TransactionView): HistoryEntry {
  const trade = NOTE.exec(row.note);
  return {
    ...row,
    source: 'platform',
    ...(trade && { detail: trade[1], direction: trade[2] as TradeDirection }),
  };
}

async function exchangeHistory(db: Db, userId: number, q: HistoryQuery): Promise<{ hits: HistoryEntry[]; total: number }> {
  // statuses and types are the platform's; ledger movements are all completed
  if (q.Status && q.Status !== 'completed') return { hits: [], total: 0 };
  let base = db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.tx_id')
    .innerJoin('accounts as a', 'a.id', 'e.account_id')
    .where('a.user_id', '=', userId)
    .where('a.type', '=', 'exchange')
    .where('t.created_at', '>=', new Date(q.DateFrom))
    .where('t.created_at', '<=', new Date(q.DateTo));
  if (q.trType) base = base.where('t.kind', '=', q.trType);
  const [{ n }] = await base.select((eb) => eb.fn.countAll<string | bigint>().as('n')).execute();
  const rows = await base
    .select(['e.id', 't.kind', 'e.amount_minor', 'e.currency', 't.created_at'])
    // the coin's or currency's balance after this entry (§5: every row has it)
    .select(
      sql<string | bigint>`(select coalesce(sum(x.amount_minor), 0) from ledger_entries x join ledger_transactions y on y.id = x.tx_id
        where x.account_id = e.account_id and (y.created_at < t.created_at or (y.created_at = t.created_at and x.id <= e.id)))`.as('balance_after_minor'),
    )
    .orderBy('t.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(q.limit)
    .offset(q.offset ?? 0)
    .execute();
  return {
    total: Number(toBigInt(n)),
    hits: rows.map((r) => exchangeEntryOf(r, toBigInt(r.balance_after_minor))),
  };
}

/** An exchange account's ledger entry as the History page's exchange view lists it (and a statement). */
export function exchangeEntryOf(r: { id: string | number | bigint; kind: string; amount_minor: string | number | bigint; currency: string; created_at: Date }, balanceAfterMinor: bigint): HistoryEntry {
  return {
    id: `ledger-${String(r.id)}`,
    type: r.kind,
    status: 'completed',
    amount: formatMoney(toBigInt(r.amount_minor), r.currency),
    balanceAfter: formatMoney(balanceAfterMinor, r.currency),
    currency: r.currency,
    tradeId: null,
    note: 'exchange account',
    createdAt: r.created_at.getTime(),
  };
}

/** POST /api/us/reports: the trader's orders (trades) on the platform, a page of at most 100 from `skip`. */
export async function reportsOf(db: Db, platform: PlatformGateway, userId: number, q: ReportsQuery): Promise<ReportsResponse> {
  checkRange(q.DateFrom, q.DateTo);
  if (!platform.orders) throw unavailable();
  const skip = q.skip ?? q.offset ?? 0;
  const answer = await platform.orders(await emailOf(db, userId), {
    dateFrom: q.DateFrom,
    dateTo: q.DateTo,
    limit: q.limit,
    offset: skip,
    ...(q.Status && { status: q.Status }),
    ...(q.Sumbol && { symbol: q.Sumbol }),
  });
  return answer ? { hits: answer.list, total: answer.total, skip } : { hits: [], total: 0, skip };
}

const initial = (name: string): string => (name.trim()[0] ?? '').toUpperCase();

/**
 * The ticker (spec README rule 1): real trades settled on the platform in the last day, newest
 * first, of traders we know; initials and country only, never a name. Ties are left out.
 */
export async function runline(db: Db, platform: PlatformGateway, now = Date.now()): Promise<RunlineEntry[]> {
  if (!platform.settledTrades) return [];
  const trades = await platform.settledTrades({ since: new Date(now - 86_400_000), limit: 60, newestFirst: true });
  const decided = trades.filter((t) => t.profitMinor !== 0n);
  if (decided.length === 0) return [];
  const users = await db
    .selectFrom('users')
    .select(['email', 'first_name', 'last_name', 'country'])
    .where('email', 'in', [...new Set(decided.map((t) => t.login))])
    .execute();
  const byEmail = new Map(users.map((u) => [u.email, u]));
  const entries: RunlineEntry[] = [];
  for (const t of decided) {
    const user = byEmail.get(t.login);
    if (!user) continue;
    const initials = [initial(user.first_name), initial(user.last_name)].filter(Boolean).join('.');
    entries.push({
      id: t.id,
      initials: initials ? `${initials}.` : '—',
      country: user.country,
      result: t.profitMinor > 0n ? 'profit' : 'loss',
      amount: formatMoney(t.profitMinor > 0n ? t.profitMinor : -t.profitMinor, t.currency),
      currency: t.currency,
      symbol: t.symbol,
      settledAt: t.settledAt.getTime(),
    });
    if (entries.length >= 30) break;
  }
  return entries;
}
