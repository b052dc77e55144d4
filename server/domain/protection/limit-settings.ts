import { sql, type Transaction } from 'kysely';
import { formatMoney, InvalidAmount, parseMoney } from '../../../core/money';
import { changeLimit, NO_LIMIT, TRADER_LIMIT_RULES, type LimitChange, type LimitSetting } from '../../../core/trader-limits';
import type { Database } from '../../db/schema';
import '../../db/schema-limits';
import { toBigInt } from '../../db/values';
import type { DbOrTx } from '../ledger';
import { Refusal } from '../refusal';

/**
 * The trader's own limits as stored (`trader_limits`, migration 230): one row per kind
 * (`deposit`, `stake`, `loss`) and period, the value in force and a waiting change. Deposit limits
 * (./deposit-limits.ts) and stake and loss limits (./trading-limits.ts) read and change them here,
 * by the rules of core/trader-limits.ts.
 */

/** The user's currency (their registration currency): the one every limit is in. */
export async function currencyOf(db: DbOrTx, userId: number): Promise<string> {
  const user = await db.selectFrom('users').select('currency').where('id', '=', userId).executeTakeFirstOrThrow();
  return user.currency;
}

/** Every stored setting of one kind, by period; a period without a row is NO_LIMIT. */
export async function readSettings<P extends string>(db: DbOrTx, userId: number, kind: string, periods: readonly P[]): Promise<Record<P, LimitSetting>> {
  const rows = await db.selectFrom('trader_limits').selectAll().where('user_id', '=', userId).where('kind', '=', kind).execute();
  const out = Object.fromEntries(periods.map((p) => [p, NO_LIMIT])) as Record<P, LimitSetting>;
  for (const row of rows) {
    if (!(periods as readonly string[]).includes(row.period)) continue;
    out[row.period as P] = {
      value: row.value_minor === null ? null : toBigInt(row.value_minor),
      pending: row.pending_set && row.pending_from ? { value: row.pending_minor === null ? null : toBigInt(row.pending_minor), from: row.pending_from } : null,
    };
  }
  return out;
}

/** Parses the trader's amount in their currency: a positive decimal, at most the largest limit. */
export function limitAmount(value: string, currency: string): bigint {
  const max = TRADER_LIMIT_RULES.maxDepositLimit;
  const bad = () => new Refusal(400, 'limits.amount', `Enter the limit as an amount in ${currency}, more than zero and at most ${max}.`, { fields: { amount: 'limits.amount' } });
  let minor: bigint;
  try {
    minor = parseMoney(value.trim(), currency);
  } catch (error) {
    if (error instanceof InvalidAmount) throw bad();
    throw error;
  }
  if (minor <= 0n || minor > parseMoney(max, currency)) throw bad();
  return minor;
}

/**
 * The trader asks for `amount` (null: remove) on one limit: under the trader's row lock (the one
 * every deposit's hold takes), lower or first at once, raise or remove after the cooling-off.
 */
export async function changeStoredLimit(
  trx: Transaction<Database>,
  userId: number,
  kind: string,
  period: string,
  amount: string | null,
  now: Date,
): Promise<LimitChange & { currency: string }> {
  await sql`select 1 from users where id = ${userId} for no key update`.execute(trx);
  const currency = await currencyOf(trx, userId);
  const next = amount === null ? null : limitAmount(amount, currency);
  const change = changeLimit((await readSettings(trx, userId, kind, [period]))[period], next, now);
  const row = {
    currency,
    value_minor: change.setting.value,
    pending_set: change.setting.pending !== null,
    pending_minor: change.setting.pending?.value ?? null,
    pending_from: change.setting.pending?.from ?? null,
    updated_at: now,
  };
  await trx
    .insertInto('trader_limits')
    .values({ user_id: userId, kind, period, ...row })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'period']).doUpdateSet(row))
    .execute();
  return { ...change, currency };
}

/** A minor-unit amount or none, as the page shows it. */
export const amountText = (v: bigint | null, currency: string): string | null => (v === null ? null : formatMoney(v, currency));
