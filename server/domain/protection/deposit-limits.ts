import { sql, type Transaction } from 'kysely';
import { toUnits } from '../../../core/decimal';
import type { LimitsResponse, SetDepositLimitRequest, SetDepositLimitResponse } from '../../../core/contract/limits';
import { exponentOf, formatMoney } from '../../../core/money';
import {
  depositOverLimit,
  holdMs,
  isLimitPeriod,
  LIMIT_PERIODS,
  settled,
  TRADER_LIMIT_RULES,
  usedIn,
  windowMs,
  type CountedDeposit,
  type HoldSource,
  type LimitPeriod,
  type LimitSetting,
} from '../../../core/trader-limits';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import '../../db/schema-limits';
import { toBigInt } from '../../db/values';
import type { RateSource } from '../ports';
import { Refusal } from '../refusal';
import { changeStoredLimit, currencyOf, readSettings } from './limit-settings';
import { assertCountryServed } from './country-block';
import { assertMayDeposit } from './self-exclusion';
import { assertTermsAccepted } from '../legal/legal';

/**
 * Deposit limits (issue 30 §1; rules in core/trader-limits.ts, docs/limits.md). Every deposit,
 * by any method, takes a hold as it starts (`holdDeposit`, in the caller's transaction, before
 * any processor is tried): under a lock on the trader's row, what the windows hold is summed and
 * a deposit that would pass a limit in force is refused with the limit, what is used and when it
 * fits again. The hold is what counts: `creditHold` marks it credited in the credit's own
 * transaction (server/domain/deposits/credit.ts), `releaseHold` when the deposit fails; one that
 * is neither stops counting when it expires (a payment abandoned half-way).
 */

type Executor = Db | Transaction<Database>;

const KIND = 'deposit';
/** the longest window: what is older never counts */
const LONGEST = Math.max(...LIMIT_PERIODS.map(windowMs));

const readDepositSettings = (db: Executor, userId: number): Promise<Record<LimitPeriod, LimitSetting>> => readSettings(db, userId, KIND, LIMIT_PERIODS);

/** What counts toward the windows at `now`: credited holds, and held ones not yet expired. */
async function counted(db: Executor, userId: number, now: Date): Promise<CountedDeposit[]> {
  const rows = await db
    .selectFrom('deposit_holds')
    .select(['created_at', 'counted_minor'])
    .where('user_id', '=', userId)
    .where('created_at', '>', new Date(now.getTime() - LONGEST))
    .where((eb) => eb.or([eb('status', '=', 'credited'), eb.and([eb('status', '=', 'held'), eb('expires_at', '>', now)])]))
    .execute();
  return rows.map((r) => ({ at: r.created_at, amount: toBigInt(r.counted_minor) }));
}

const RATE_DIGITS = 12;

/**
 * `amountMinor` of `from` in minor units of `to`, at the feed's USD prices, rounded up.
 * Throws when the feed has no price for either.
 */
export async function convertUp(rates: RateSource, amountMinor: bigint, from: string, to: string): Promise<bigint> {
  if (from === to) return amountMinor;
  const quote = await rates.quote();
  const fromUsd = quote.usd[from];
  const toUsd = quote.usd[to];
  if (!fromUsd || !toUsd) throw new Error(`no rate for ${from} or ${to}`);
  const num = amountMinor * toUnits(fromUsd, RATE_DIGITS) * 10n ** BigInt(exponentOf(to));
  const den = toUnits(toUsd, RATE_DIGITS) * 10n ** BigInt(exponentOf(from));
  if (den <= 0n) throw new Error(`no rate for ${to}`);
  return (num + den - 1n) / den;
}

/** "2026-12-03 14:00 UTC": a moment both languages read (the page shows it in the trader's zone). */
const utcText = (at: Date): string => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const PERIOD_WORDS: Record<LimitPeriod, string> = { day: '24-hour', week: '7-day', month: '30-day' };

export interface HoldInput {
  userId: number;
  source: HoldSource;
  /** the deposit's own record where it started (unique per source) */
  ref: string;
  amountMinor: bigint;
  currency: string;
  now: Date;
}

/**
 * Takes the deposit's hold in the caller's transaction, or refuses it (409
 * `limits.deposit_{period}`) when it would pass a limit in force. The same source and ref again
 * (a retried start) holds nothing more. Concurrent starts of one trader queue on their row's lock.
 */
export async function holdDeposit(trx: Transaction<Database>, rates: RateSource | undefined, input: HoldInput): Promise<void> {
  const { userId, now } = input;
  await sql`select 1 from users where id = ${userId} for no key update`.execute(trx);
  const again = await trx.selectFrom('deposit_holds').select(['id', 'status']).where('source', '=', input.source).where('ref', '=', input.ref).executeTakeFirst();
  if (again && again.status !== 'released') return;
  // a new deposit during a break or self-exclusion (./self-exclusion.ts): refused by every method;
  // one that began before it (held above) still completes, as the trader's money may be on its way
  await assertMayDeposit(trx, userId, now);
  // a document's new version not yet accepted (../legal/legal.ts): every method refuses alike until the trader accepts it
  await assertTermsAccepted(trx, userId, 'deposit');
  // a trader whose country we no longer serve (./country-block.ts): refused by every method alike
  await assertCountryServed(trx, userId);
  // a released hold tried again (a voucher whose redemption failed): weighed afresh
  if (again) await trx.deleteFrom('deposit_holds').where('id', '=', again.id).execute();
  const currency = await currencyOf(trx, userId);
  const limits = await readDepositSettings(trx, userId);
  const anyLimit = LIMIT_PERIODS.some((p) => settled(limits[p], now).value !== null);
  let countedMinor: bigint;
  try {
    countedMinor = await convertUp(rates ?? noRates, input.amountMinor, input.currency, currency);
  } catch {
    // without a price the deposit cannot be weighed against a limit: refused only when one is in force
    if (anyLimit) throw new Refusal(503, 'limits.rate_unavailable', 'We cannot check this deposit against your deposit limit right now. Please try again in a few minutes.');
    countedMinor = 0n;
  }
  if (anyLimit) {
    const over = depositOverLimit(limits, await counted(trx, userId, now), countedMinor, now);
    if (over) {
      const limit = formatMoney(over.limit, currency);
      const used = formatMoney(over.used, currency);
      const resets = over.fitsAt ? utcText(over.fitsAt) : '';
      const when = over.fitsAt ? ` This amount fits again from ${resets}.` : ' This amount is over the limit by itself.';
      throw new Refusal(
        409,
        `limits.deposit_${over.period}${over.fitsAt ? '' : '_whole'}`,
        `This deposit would pass your ${PERIOD_WORDS[over.period]} deposit limit of ${limit} ${currency} (${used} ${currency} used).${when}`,
        { params: { limit, used, currency, resets } },
      );
    }
  }
  await trx
    .insertInto('deposit_holds')
    .values({
      user_id: userId,
      source: input.source,
      ref: input.ref,
      amount_minor: input.amountMinor,
      currency: input.currency,
      counted_minor: countedMinor,
      counted_currency: currency,
      created_at: now,
      expires_at: new Date(now.getTime() + holdMs(input.source)),
      updated_at: now,
    })
    .execute();
}

const noRates: RateSource = {
  quote: async () => {
    throw new Error('no rate source');
  },
};

/**
 * The deposit was credited (in the credit's transaction): its hold counts for good, at the amount
 * credited (a different amount counts in proportion, rounded up). A deposit without a hold (one
 * started before limits existed) changes nothing here.
 */
export async function creditHold(trx: Transaction<Database>, source: HoldSource, ref: string, credited: { amountMinor: bigint; currency: string }, now: Date): Promise<void> {
  const hold = await trx.selectFrom('deposit_holds').selectAll().where('source', '=', source).where('ref', '=', ref).forUpdate().executeTakeFirst();
  if (!hold || hold.status === 'credited') return;
  const amount = toBigInt(hold.amount_minor);
  // credited in another unit (an invoice's coins into the coin's account): it counts as it was weighed
  const creditedMinor = credited.currency === hold.currency ? credited.amountMinor : amount;
  const countedMinor = creditedMinor === amount || amount === 0n ? toBigInt(hold.counted_minor) : (toBigInt(hold.counted_minor) * creditedMinor + amount - 1n) / amount;
  await trx.updateTable('deposit_holds').set({ status: 'credited', amount_minor: creditedMinor, counted_minor: countedMinor, updated_at: now }).where('id', '=', hold.id).execute();
}

/** The deposit failed, was declined or expired before it was paid: its hold no longer counts. */
export async function releaseHold(db: Executor, source: HoldSource, ref: string, now: Date): Promise<void> {
  await db.updateTable('deposit_holds').set({ status: 'released', updated_at: now }).where('source', '=', source).where('ref', '=', ref).where('status', '=', 'held').execute();
}

// ─── the trader's limits page ─────────────────────────────────────────────────────────────────

/** The deposit half of GET /api/limits (the stake and loss limits: ./trading-limits.ts). */
export async function depositLimitsView(db: Executor, userId: number, now: Date): Promise<Omit<LimitsResponse, 'trading'>> {
  const currency = await currencyOf(db, userId);
  const limits = await readDepositSettings(db, userId);
  const deposits = await counted(db, userId, now);
  const amount = (v: bigint | null): string | null => (v === null ? null : formatMoney(v, currency));
  return {
    currency,
    deposit: LIMIT_PERIODS.map((period) => {
      const s = settled(limits[period], now);
      return {
        period,
        amount: amount(s.value),
        pending: s.pending ? { amount: amount(s.pending.value), from: s.pending.from.toISOString() } : null,
        used: formatMoney(usedIn(deposits, period, now), currency),
      };
    }),
    cooling_off_hours: TRADER_LIMIT_RULES.coolingOffHours,
  };
}

/**
 * The first deposit window whose limit is used up at `now` (not even the smallest amount fits: one
 * minor unit), with what the cashier's lock says (core/cashier-locks.ts `deposit_limit`): the
 * period, the limit, what is used, the currency and when a deposit fits again (ISO; '' when only a
 * raise frees it). null: a deposit may still fit. Weighed as holdDeposit weighs a deposit.
 */
export async function fullDepositWindow(db: Executor, userId: number, now: Date): Promise<Record<string, string> | null> {
  const limits = await readDepositSettings(db, userId);
  if (!LIMIT_PERIODS.some((p) => settled(limits[p], now).value !== null)) return null;
  const over = depositOverLimit(limits, await counted(db, userId, now), 1n, now);
  if (!over) return null;
  const currency = await currencyOf(db, userId);
  return { period: over.period, limit: formatMoney(over.limit, currency), used: formatMoney(over.used, currency), currency, resets: over.fitsAt ? over.fitsAt.toISOString() : '' };
}

/** Sets, lowers (at once), raises or removes (after the cooling-off) one deposit limit; the route answers with the whole view. */
export async function setDepositLimit(db: Db, userId: number, req: SetDepositLimitRequest, now: Date): Promise<SetDepositLimitResponse['applied']> {
  if (!isLimitPeriod(req.period)) throw new Refusal(400, 'limits.period', 'Choose the limit’s period: 24 hours, 7 days or 30 days.');
  const period = req.period;
  const { applied } = await db.transaction().execute((trx) => changeStoredLimit(trx, userId, KIND, period, req.amount, now));
  return applied;
}
