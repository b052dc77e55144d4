import { depositOverLimit, LIMIT_PERIODS, NO_LIMIT, windowMs, type LimitPeriod, type LimitSetting } from '../../../core/trader-limits';
import { formatMoney } from '../../../core/money';
import type { Db } from '../../db';
import '../../db/schema-limits';
import { toBigInt } from '../../db/values';

const LONGEST = Math.max(...LIMIT_PERIODS.map(windowMs));

/**
 * The first deposit window whose limit is used up at `now` (not even the smallest amount fits),
 * with what the cashier's lock says: the period, the limit, what is used, the currency and when a
 * deposit fits again (ISO; '' when only a raise frees it). null: a deposit may still fit.
 * Read as holdDeposit weighs a deposit (./deposit-limits.ts): credited holds and held ones not
 * yet expired, against the limit in force.
 */
export async function fullDepositWindow(db: Db, userId: number, now: Date): Promise<Record<string, string> | null> {
  const rows = await db.selectFrom('trader_limits').selectAll().where('user_id', '=', userId).where('kind', '=', 'deposit').execute();
  if (rows.length === 0) return null;
  const limits: Record<LimitPeriod, LimitSetting> = { day: NO_LIMIT, week: NO_LIMIT, month: NO_LIMIT };
  for (const row of rows) {
    if (!(LIMIT_PERIODS as readonly string[]).includes(row.period)) continue;
    limits[row.period as LimitPeriod] = {
      value: row.value_minor === null ? null : toBigInt(row.value_minor),
      pending: row.pending_set && row.pending_from ? { value: row.pending_minor === null ? null : toBigInt(row.pending_minor), from: row.pending_from } : null,
    };
  }
  const holds = await db
    .selectFrom('deposit_holds')
    .select(['created_at', 'counted_minor'])
    .where('user_id', '=', userId)
    .where('created_at', '>', new Date(now.getTime() - LONGEST))
    .where((eb) => eb.or([eb('status', '=', 'credited'), eb.and([eb('status', '=', 'held'), eb('expires_at', '>', now)])]))
    .execute();
  const counted = holds.map((h) => ({ at: h.created_at, amount: toBigInt(h.counted_minor) }));
  // the smallest amount there is: one minor unit
  const over = depositOverLimit(limits, counted, 1n, now);
  if (!over) return null;
  const { currency } = await db.selectFrom('users').select('currency').where('id', '=', userId).executeTakeFirstOrThrow();
  return { period: over.period, limit: formatMoney(over.limit, currency), used: formatMoney(over.used, currency), currency, resets: over.fitsAt ? over.fitsAt.toISOString() : '' };
}
