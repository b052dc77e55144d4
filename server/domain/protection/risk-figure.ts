import { sql } from 'kysely';
import type { RiskFigure } from '../../../core/contract/risk-warning';
import { lossShareBp, RISK_FIGURE_RULES } from '../../../core/risk-warning';
import type { Db } from '../../db';
import '../../db/schema-risk';
import { toCount } from '../../db/values';

/**
 * The risk warning's figure (issue 30 §5; rules in core/risk-warning.ts): once a UTC day, the share
 * of retail trading accounts whose booked trade results over the last 365 days sum below zero,
 * computed from our own ledger and stored with its day and window. `ensureRiskFigure` computes
 * today's when it is missing (at start and from the hourly housekeeping); two instances computing
 * the same day keep one row. No HTTP here.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** Counts, from the ledger, the retail accounts with trade results in the window and those that lost. */
export async function countLosingAccounts(db: Db, from: Date, to: Date): Promise<{ accounts: number; losing: number }> {
  const { rows } = await sql<{ accounts: string | number | bigint; losing: string | number | bigint }>`
    select count(*) as accounts, count(*) filter (where net < 0) as losing
    from (
      select e.account_id, sum(e.amount_minor) as net
      from ledger_entries e
      join ledger_transactions t on t.id = e.tx_id
      join accounts a on a.id = e.account_id
      where t.kind = ${RISK_FIGURE_RULES.tradeKind}
        and a.user_id is not null
        and a.type in (${sql.join([...RISK_FIGURE_RULES.accountTypes])})
        and t.created_at > ${from} and t.created_at <= ${to}
      group by e.account_id
    ) per_account`.execute(db);
  const row = rows[0];
  return { accounts: row ? toCount(row.accounts) : 0, losing: row ? toCount(row.losing) : 0 };
}

/** Computes and stores the figure of `now`'s UTC day (kept if that day already has one). */
export async function computeRiskFigure(db: Db, now: Date): Promise<void> {
  const from = new Date(now.getTime() - RISK_FIGURE_RULES.windowDays * DAY_MS);
  const { accounts, losing } = await countLosingAccounts(db, from, now);
  await db
    .insertInto('risk_figures')
    .values({ day: utcDay(now), computed_at: now, window_from: from, window_to: now, accounts, losing, share_bp: lossShareBp(losing, accounts) })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
}

/** Today's figure is there (computed now when it was missing). */
export async function ensureRiskFigure(db: Db, now: Date): Promise<void> {
  const today = await db.selectFrom('risk_figures').select('day').where('day', '=', utcDay(now)).executeTakeFirst();
  if (!today) await computeRiskFigure(db, now);
}

/** The latest stored figure, as the pages show it (null before the first computation). */
export async function latestRiskFigure(db: Db): Promise<RiskFigure> {
  const row = await db.selectFrom('risk_figures').selectAll().orderBy('day', 'desc').limit(1).executeTakeFirst();
  if (!row) return { figure: null };
  return {
    figure: {
      day: row.day,
      share_bp: row.share_bp,
      accounts: row.accounts,
      losing: row.losing,
      window_from: row.window_from.toISOString(),
      window_to: row.window_to.toISOString(),
    },
  };
}
