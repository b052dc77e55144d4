import type { HistoryEntry, HistoryQuery, ReportsQuery, ReportsResponse, RunlineEntry } from '../../../src/api/contract';
import type { Db } from '../../db';
import { toBigInt } from '../../db/values';
import type { PlatformGateway } from '../../sandbox/platform/gateway';
import { formatMoney } from '../money';
import { Refusal } from '../security/refusal';

const unavailable = () => new Refusal(503, 'platform.unavailable', 'The trading platform is not reachable right now. Please try again shortly.');

function checkRange(from: number, to: number): void {
  if (from > to) throw new Refusal(400, 'history.range', 'The start date must not be after the end date.');
}

async function emailOf(db: Db, userId: number): Promise<string> {
  return (await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;
}

/**
 * POST /api/us/history: the trader's transactions on the platform (deposits, stakes, payouts),
 * or with `exchange` the movements of the trader's exchange account in our ledger.
 */
export async function historyOf(db: Db, platform: PlatformGateway, userId: number, q: HistoryQuery): Promise<{ hits: HistoryEntry[]; total: number }> {
  checkRange(q.DateFrom, q.DateTo);
  if (q.exchange) return exchangeHistory(db, userId, q);
  if (!platform.transactions) throw unavailable();
  const answer = await platform.transactions(await emailOf(db, userId), {
    dateFrom: q.DateFrom,
    dateTo: q.DateTo,
    limit: q.limit,
    offset: q.offset ?? 0,
    ...(q.Status && { status: q.Status }),
    ...(q.trType && { trType: q.trType }),
  });
  return answer ? { hits: answer.list, total: answer.total } : { hits: [], total: 0 };
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
    .orderBy('t.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(q.limit)
    .offset(q.offset ?? 0)
    .execute();
  return {
    total: Number(toBigInt(n)),
    hits: rows.map((r) => ({
      id: `ledger-${String(r.id)}`,
      type: r.kind,
      status: 'completed',
      amount: formatMoney(toBigInt(r.amount_minor), r.currency),
      balanceAfter: null,
      currency: r.currency,
      tradeId: null,
      note: 'exchange account',
      createdAt: r.created_at.getTime(),
    })),
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
