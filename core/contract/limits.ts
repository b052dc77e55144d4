import * as z from 'zod/mini';
import { LIMIT_PERIODS } from '../trader-limits';
import { TRADING_LIMIT_KINDS, TRADING_LIMIT_PERIODS } from '../trading-limits';

/**
 * The limits the trader sets on themselves (issue 30 §1; rules in core/trader-limits.ts).
 *
 * Calls (signed in; the POST carries the CSRF header):
 *   GET  /api/limits                                  LimitsResponse
 *   POST /api/limits/deposit   SetDepositLimitRequest  SetDepositLimitResponse
 *        (400 limits.amount for an amount that is not a positive decimal in the trader's currency
 *         or is over the largest limit; 400 limits.period for an unknown period)
 * A deposit over a limit, by any method, is refused before any processor is tried:
 *   409 limits.deposit_{day|week|month} with params { limit, used, currency, resets }
 *   (resets: "2026-12-03 14:00 UTC", or "" when the amount is over the limit by itself).
 * A trade over a stake or loss limit is refused by the trading platform (core/trading-limits.ts):
 *   403 trading.limit_{stake_trade|stake_day|loss_day|loss_week|loss_month} with params { limit, used, currency }.
 */

export const LimitPeriod = z.enum(LIMIT_PERIODS);

/** A change waiting for its date (a raise or a removal); amount null is "no limit". */
export const PendingLimit = z.object({ amount: z.nullable(z.string()), from: z.string() });
export type PendingLimit = z.infer<typeof PendingLimit>;

export const DepositLimit = z.object({
  period: LimitPeriod,
  /** the limit in force, a decimal string in `currency`; null: none */
  amount: z.nullable(z.string()),
  pending: z.nullable(PendingLimit),
  /** what the window holds now (credited deposits and deposits under way), decimal string */
  used: z.string(),
});
export type DepositLimit = z.infer<typeof DepositLimit>;

export const TradingLimitKind = z.enum(TRADING_LIMIT_KINDS);
export const TradingLimitPeriod = z.enum(TRADING_LIMIT_PERIODS);

/** A stake or loss limit (core/trading-limits.ts TRADING_LIMITS: stake × trade|day, loss × day|week|month). */
export const TradingLimit = z.object({
  kind: TradingLimitKind,
  period: TradingLimitPeriod,
  /** the limit in force, a decimal string in `currency`; null: none */
  amount: z.nullable(z.string()),
  pending: z.nullable(PendingLimit),
  /**
   * what is used now, read from the platform: stakes opened in the last 24 hours (stake × day), the
   * window's net loss plus the open stakes (loss); '0.00' for the stake per trade; null when the
   * platform did not answer
   */
  used: z.nullable(z.string()),
});
export type TradingLimit = z.infer<typeof TradingLimit>;

export const LimitsResponse = z.object({
  /** the trader's own currency: every amount here is in it */
  currency: z.string(),
  /** one per period, in LIMIT_PERIODS order */
  deposit: z.array(DepositLimit),
  /** one per stake and loss limit, in TRADING_LIMITS order */
  trading: z.array(TradingLimit),
  /** the hours a raise or removal waits */
  cooling_off_hours: z.number(),
});
export type LimitsResponse = z.infer<typeof LimitsResponse>;

export const SetDepositLimitRequest = z.object({
  period: z.string(),
  /** a decimal string in the trader's currency; null removes the limit (after the cooling-off) */
  amount: z.nullable(z.string()),
});
export type SetDepositLimitRequest = z.infer<typeof SetDepositLimitRequest>;

export const SetDepositLimitResponse = z.object({
  limits: LimitsResponse,
  /** 'now': in force at once; 'later': waits (its date is the period's `pending.from`) */
  applied: z.enum(['now', 'later']),
});
export type SetDepositLimitResponse = z.infer<typeof SetDepositLimitResponse>;

export const SetTradingLimitRequest = z.object({
  kind: z.string(),
  period: z.string(),
  /** a decimal string in the trader's currency; null removes the limit (after the cooling-off) */
  amount: z.nullable(z.string()),
});
export type SetTradingLimitRequest = z.infer<typeof SetTradingLimitRequest>;

export const SetTradingLimitResponse = z.object({
  limits: LimitsResponse,
  applied: z.enum(['now', 'later']),
  /** 'told': the platform has the new schedule; 'unreachable': saved, and the platform is told at the next change */
  platform: z.enum(['told', 'unreachable']),
});
export type SetTradingLimitResponse = z.infer<typeof SetTradingLimitResponse>;
