import { isPrizeItem, type ContestPrizeSpec } from '../../../core/contest-prizes';
import { CONTEST_ROWS, type Contest, type ContestEntry, type ContestPrize, type ContestType } from '../../../core/contract/contests';
import { formatMoney, isCurrency, parseMoney } from '../../../core/money';
import type { Db } from '../../db';
import { runExclusive } from '../../db/leader';
import { intervalWhenReady } from '../../db/when-ready';
import '../../db/schema-contests';
import type { ContestRow } from '../../db/schema-contests';
import { toBigInt } from '../../db/values';
import { bonusAccount } from '../deposits/bonus';
import { houseAccount, transfer, type DbOrTx } from '../ledger';
import { notify } from '../notifications/notify';
import type { PlatformGateway } from '../ports';
import { withoutIncentives } from '../protection/incentives';
import { Refusal } from '../refusal';

/**
 * Contests (spec 002 §2-3, §7-9; docs/engagement.md "Contests").
 *
 * The rule (`net_profit`): a trader's score is the sum of (payout − stake) of every trade settled
 * on the trading platform inside the contest's window [date_start, date_end), in the contest's
 * currency. Higher is better; on a tie the trader whose last counted trade settled earlier ranks
 * higher (then the earlier first trade). Only traders with at least one settled trade take part.
 * Others are shown by initials and country only.
 *
 * Closing (at date_end by the timer, or now by the sandbox operator) is one database
 * transaction that flips status open → closed with a conditional UPDATE (a second close, even a
 * parallel one, finds it closed and pays nothing), writes the winners and pays each prize from
 * the house account through the ledger (idempotency key `contest:{id}:rank:{n}`), with a
 * `contest.prize` notification. Prizes by kind (core/contest-prizes.ts): cash to the winner's
 * trading account, a bonus to the winner's bonus balance; an item (the iPad) is recorded on the
 * winner's row (prize_kind 'item', prize_item) and notified, never credited as money.
 */

export const CONTEST_RULE = 'net_profit' as const;
/** the most trades read from the platform for one leaderboard */
const TRADES_LIMIT = 20_000;

export interface Standing {
  login: string;
  userId: number;
  initials: string;
  country: string;
  profitMinor: bigint;
  trades: number;
  firstAt: number;
  lastAt: number;
}

const initial = (name: string): string => (name.trim()[0] ?? '').toUpperCase();
export const initialsOf = (first: string, last: string): string => {
  const letters = [initial(first), initial(last)].filter(Boolean).join('.');
  return letters ? `${letters}.` : '—';
};

/** The ordering of the rule: profit desc, then earlier last trade, earlier first trade, login. */
export function compareStandings(a: Pick<Standing, 'profitMinor' | 'lastAt' | 'firstAt' | 'login'>, b: Pick<Standing, 'profitMinor' | 'lastAt' | 'firstAt' | 'login'>): number {
  if (a.profitMinor !== b.profitMinor) return a.profitMinor > b.profitMinor ? -1 : 1;
  if (a.lastAt !== b.lastAt) return a.lastAt - b.lastAt;
  if (a.firstAt !== b.firstAt) return a.firstAt - b.firstAt;
  return a.login < b.login ? -1 : a.login > b.login ? 1 : 0;
}

/** Every participant of a window, ranked by the rule (trades from the platform port; traders we know). */
export async function standings(db: DbOrTx, platform: PlatformGateway, window: { start: Date; end: Date; currency: string }): Promise<Standing[]> {
  if (!platform.settledTrades) return [];
  const trades = await platform.settledTrades({ since: window.start, limit: TRADES_LIMIT });
  const byLogin = new Map<string, { profitMinor: bigint; trades: number; firstAt: number; lastAt: number }>();
  for (const t of trades) {
    const at = t.settledAt.getTime();
    if (at < window.start.getTime() || at >= window.end.getTime() || t.currency !== window.currency) continue;
    const s = byLogin.get(t.login) ?? { profitMinor: 0n, trades: 0, firstAt: at, lastAt: at };
    s.profitMinor += t.profitMinor;
    s.trades += 1;
    s.firstAt = Math.min(s.firstAt, at);
    s.lastAt = Math.max(s.lastAt, at);
    byLogin.set(t.login, s);
  }
  if (byLogin.size === 0) return [];
  // the trader behind each login: the ledger account mirrored to it (never a full name on the wire)
  const people = await db
    .selectFrom('accounts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.platform_login', 'u.id', 'u.first_name', 'u.last_name', 'u.country'])
    .where('a.platform_login', 'in', [...byLogin.keys()])
    .where('a.currency', '=', window.currency)
    .execute();
  // a trader who may not be offered incentives (a break, a closed account, a switched-off country) is
  // not ranked and wins nothing (../protection/incentives.ts), as at the window's end
  const left = await withoutIncentives(db, [...new Set(people.map((p) => p.id))], window.end);
  const result: Standing[] = [];
  for (const p of people) {
    const s = p.platform_login ? byLogin.get(p.platform_login) : undefined;
    if (!s || !p.platform_login || left.has(p.id)) continue;
    result.push({ login: p.platform_login, userId: p.id, initials: initialsOf(p.first_name, p.last_name), country: p.country, ...s });
  }
  return result.sort(compareStandings);
}

/** a prize as held: money in minor units, or an item */
export type HeldPrize = { kind: 'cash' | 'bonus'; minor: bigint } | { kind: 'item'; item: string };

/** The prizes of a contest by rank (a bare string is a cash prize's minor units, as before migration 220). */
export const prizesOf = (row: Pick<ContestRow, 'prizes_minor'>): HeldPrize[] =>
  (row.prizes_minor ?? []).map((p): HeldPrize => {
    if (typeof p === 'string') return { kind: 'cash', minor: toBigInt(p) };
    if (p.kind === 'item') return { kind: 'item', item: p.item };
    return { kind: p.kind, minor: toBigInt(p.minor) };
  });

const shownPrize = (p: HeldPrize, currency: string): ContestPrize =>
  p.kind === 'item' ? { kind: 'item', amount: null, item: p.item } : { kind: p.kind, amount: formatMoney(p.minor, currency), item: null };

function entryOf(row: ContestRow, s: { initials: string; country: string; profitMinor: bigint; trades: number; userId: number }, rank: number, viewer: number | null): ContestEntry {
  const held = prizesOf(row)[rank - 1];
  const prize = held === undefined ? undefined : shownPrize(held, row.currency);
  return {
    rank,
    initials: s.initials,
    country: s.country,
    profit: formatMoney(s.profitMinor, row.currency),
    trades: s.trades,
    prize: prize ?? null,
    you: viewer !== null && s.userId === viewer,
  };
}

function contestOf(row: ContestRow, ranked: { initials: string; country: string; profitMinor: bigint; trades: number; userId: number }[], viewer: number | null): Contest {
  const rows = CONTEST_ROWS[row.type];
  const entries = ranked.slice(0, rows).map((s, i) => entryOf(row, s, i + 1, viewer));
  const ownIndex = viewer === null ? -1 : ranked.findIndex((s) => s.userId === viewer);
  return {
    id: row.id,
    type: row.type,
    date_start: row.date_start.toISOString(),
    date_end: row.date_end.toISOString(),
    status: row.status,
    rule: CONTEST_RULE,
    currency: row.currency,
    prizes: prizesOf(row).map((p) => shownPrize(p, row.currency)),
    entries,
    own: ownIndex >= rows ? entryOf(row, ranked[ownIndex]!, ownIndex + 1, viewer) : null,
    participants: ranked.length,
  };
}

/** A contest as the page shows it: open ones ranked live (up to now), closed ones from their winners. */
export async function showContest(db: Db, platform: PlatformGateway, row: ContestRow, viewer: number | null, now = new Date()): Promise<Contest> {
  if (row.status === 'closed') {
    const winners = await db
      .selectFrom('contest_winners as w')
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .select(['w.rank', 'w.user_id', 'w.profit_minor', 'w.trades', 'u.first_name', 'u.last_name', 'u.country'])
      .where('w.contest_id', '=', row.id)
      .orderBy('w.rank')
      .execute();
    return contestOf(
      row,
      winners.map((w) => ({ userId: w.user_id, initials: initialsOf(w.first_name, w.last_name), country: w.country, profitMinor: toBigInt(w.profit_minor), trades: w.trades })),
      viewer,
    );
  }
  const end = new Date(Math.min(now.getTime(), row.date_end.getTime()));
  const ranked = end > row.date_start ? await standings(db, platform, { start: row.date_start, end, currency: row.currency }) : [];
  return contestOf(row, ranked, viewer);
}

/** GET /api/tourney/current: the open contests, weekly first, each ranked. */
export async function currentContests(db: Db, platform: PlatformGateway, viewer: number | null, now = new Date()): Promise<Contest[]> {
  const rows = await db.selectFrom('contests').selectAll().where('status', '=', 'open').orderBy('type', 'desc').orderBy('date_start').limit(10).execute();
  const result: Contest[] = [];
  for (const row of rows) result.push(await showContest(db, platform, row, viewer, now));
  return result;
}

/** GET /api/tourney/last: the last closed contest of each type (up to two), with winners. */
export async function lastContests(db: Db, platform: PlatformGateway, viewer: number | null): Promise<Contest[]> {
  const result: Contest[] = [];
  for (const type of ['weekly', 'weekend'] as const) {
    const row = await db.selectFrom('contests').selectAll().where('status', '=', 'closed').where('type', '=', type).orderBy('date_end', 'desc').limit(1).executeTakeFirst();
    if (row) result.push(await showContest(db, platform, row, viewer));
  }
  return result;
}

export async function getContest(db: Db, platform: PlatformGateway, id: string, viewer: number | null, now = new Date()): Promise<Contest> {
  const row = await db.selectFrom('contests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new Refusal(404, 'contest.not_found', 'No such contest.');
  return showContest(db, platform, row, viewer, now);
}

export interface NewContest {
  id: string;
  type: ContestType;
  currency: string;
  start: Date;
  end: Date;
  /** by rank: a decimal string is a cash prize; or a prize of the typed table (core/contest-prizes.ts) */
  prizes: readonly (string | ContestPrizeSpec)[];
}

/** Creates a contest (idempotent by id: an existing one is left as it is). */
export async function createContest(db: DbOrTx, c: NewContest): Promise<void> {
  if (!isCurrency(c.currency)) throw new Refusal(400, 'contest.currency', 'Unknown currency.');
  if (!(c.end > c.start)) throw new Refusal(400, 'contest.window', 'The contest must end after it starts.');
  let prizes: ({ kind: 'cash' | 'bonus'; minor: string } | { kind: 'item'; item: string })[];
  try {
    prizes = c.prizes.map((p) => {
      const spec: ContestPrizeSpec = typeof p === 'string' ? { kind: 'cash', amount: p } : p;
      if (spec.kind === 'item') {
        if (!isPrizeItem(spec.item)) throw new Error('unknown item');
        return { kind: 'item', item: spec.item };
      }
      const minor = parseMoney(spec.amount, c.currency);
      if (minor <= 0n) throw new Error('not positive');
      return { kind: spec.kind, minor: minor.toString() };
    });
  } catch {
    throw new Refusal(400, 'contest.prizes', 'Each prize is a positive amount in the contest currency or a known item.');
  }
  await db
    .insertInto('contests')
    .values({ id: c.id, type: c.type, currency: c.currency, date_start: c.start, date_end: c.end, prizes_minor: JSON.stringify(prizes) })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export interface PaidPrize {
  userId: number;
  rank: number;
  kind: 'cash' | 'bonus' | 'item';
  /** '' for an item */
  amount: string;
  /** the item of a non-cash prize, else null */
  item: string | null;
  currency: string;
  contestId: string;
}

/**
 * Closes a contest and pays its prizes, once. `at` (default now) ends the window when it is
 * earlier than date_end (the sandbox operator's close now). Returns the prizes this call paid
 * (none when the contest had been closed already). The caller publishes notification.new to
 * each winner after this returns (the transaction has committed).
 */
export async function closeContest(db: Db, platform: PlatformGateway, id: string, at = new Date()): Promise<{ paid: PaidPrize[] }> {
  const row = await db.selectFrom('contests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new Refusal(404, 'contest.not_found', 'No such contest.');
  if (row.status === 'closed') return { paid: [] };
  const end = new Date(Math.min(at.getTime(), row.date_end.getTime()));
  // ranked before the transaction: the platform is a third party (its port is not part of our transaction)
  const ranked = end > row.date_start ? await standings(db, platform, { start: row.date_start, end, currency: row.currency }) : [];
  const prizes = prizesOf(row);
  return db.transaction().execute(async (trx) => {
    // the one close: a parallel or repeated close finds it closed (the row lock makes it wait, then skip)
    const flipped = await trx
      .updateTable('contests')
      .set({ status: 'closed', closed_at: at, date_end: end > row.date_start ? end : row.date_end })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .returning('id')
      .executeTakeFirst();
    if (!flipped) return { paid: [] };
    const paid: PaidPrize[] = [];
    const house = prizes.some((p) => p.kind !== 'item') ? await houseAccount(trx, row.currency) : 0;
    for (const [i, s] of ranked.entries()) {
      const rank = i + 1;
      const prize = prizes[i];
      let txId: string | null = null;
      let paidMinor = 0n;
      let item: string | null = null;
      const account = prize
        ? await trx.selectFrom('accounts').select('id').where('platform_login', '=', s.login).where('currency', '=', row.currency).where('user_id', '=', s.userId).executeTakeFirst()
        : undefined;
      if (prize && account) {
        const params = { contest: id, type: row.type, rank: String(rank), prize: prize.kind, currency: row.currency };
        if (prize.kind === 'item') {
          // a non-cash prize: recorded on the winner's row and notified; no money moves
          item = prize.item;
          await notify(trx, { userId: s.userId, kind: 'contest.prize', params: { ...params, amount: '', item: prize.item }, key: `contest:${id}:${rank}` });
          paid.push({ userId: s.userId, rank, kind: 'item', amount: '', item: prize.item, currency: row.currency, contestId: id });
        } else if (prize.minor > 0n) {
          const result = await transfer(trx, {
            kind: 'contest_prize',
            idempotencyKey: `contest:${id}:rank:${rank}`,
            debitAccountId: house,
            // cash to the trading account; a bonus to the bonus balance (released with the next settled trade)
            creditAccountId: prize.kind === 'bonus' ? await bonusAccount(trx, s.userId, row.currency) : account.id,
            amountMinor: prize.minor,
            currency: row.currency,
            meta: { contest: id, rank, prize: prize.kind },
          });
          txId = result.txId;
          paidMinor = prize.minor;
          const amount = formatMoney(prize.minor, row.currency);
          await notify(trx, { userId: s.userId, kind: 'contest.prize', params: { ...params, amount }, key: `contest:${id}:${rank}` });
          if (!result.replayed) paid.push({ userId: s.userId, rank, kind: prize.kind, amount, item: null, currency: row.currency, contestId: id });
        }
      }
      // the winners kept: every ranked row of the table shown (weekly 20, weekend 10), prized or not
      if (rank <= Math.max(CONTEST_ROWS[row.type], prizes.length)) {
        await trx
          .insertInto('contest_winners')
          .values({
            contest_id: id,
            rank,
            user_id: s.userId,
            profit_minor: s.profitMinor,
            trades: s.trades,
            prize_minor: paidMinor,
            tx_id: txId,
            prize_kind: prize && (txId || item) ? prize.kind : 'cash',
            prize_item: item,
          })
          .onConflict((oc) => oc.columns(['contest_id', 'rank']).doNothing())
          .execute();
      }
    }
    return { paid };
  });
}

/** The open contests whose window has ended (the timer closes them). */
export async function dueContests(db: Db, now = new Date()): Promise<string[]> {
  const rows = await db.selectFrom('contests').select('id').where('status', '=', 'open').where('date_end', '<=', now).orderBy('date_end').limit(50).execute();
  return rows.map((r) => r.id);
}

export interface ContestCloser {
  stop(): void;
  /** one pass now (tests) */
  tick(): Promise<void>;
}

/**
 * Closes each contest when its window ends: a pass every `everyMs` (and the sandbox's schedule
 * first, when given, so the current week's contests exist). Two servers may run it: the close
 * is conditional, so each contest is paid once; the timer's pass runs on one instance at a time
 * (server/db/leader.ts), `tick` itself on the caller's.
 */
export function startContestCloser(options: {
  db: Db;
  platform: PlatformGateway;
  everyMs: number;
  onPaid: (paid: PaidPrize[]) => void;
  schedule?: (now: Date) => Promise<void>;
  ready?: Promise<void>;
  log?: { error(obj: unknown, msg?: string): void };
}): ContestCloser {
  let running: Promise<void> | null = null;
  const pass = async () => {
    if (options.ready) await options.ready;
    const now = new Date();
    if (options.schedule) await options.schedule(now);
    for (const id of await dueContests(options.db, now)) {
      const { paid } = await closeContest(options.db, options.platform, id, now);
      if (paid.length > 0) options.onPaid(paid);
    }
  };
  const tick = () => {
    running ??= pass()
      .catch((error: unknown) => options.log?.error({ err: error }, 'contest close failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  // idempotent (above); the lock keeps instances from ranking the same contest at the platform together
  const exclusive = async () => {
    if (options.ready) await options.ready;
    await runExclusive(options.db, 'contests.close', tick);
  };
  // started once the database is migrated (server/db/when-ready.ts)
  const stop =
    options.everyMs > 0 ? intervalWhenReady(options.ready, options.everyMs, () => void exclusive().catch((error: unknown) => options.log?.error({ err: error }, 'contest close failed'))) : () => {};
  return {
    stop,
    tick,
  };
}
