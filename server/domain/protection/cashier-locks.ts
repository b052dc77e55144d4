import { reasonsFor, type LockedAction, type LockReason } from '../../../core/cashier-locks';
import type { CashierLock, CashierLocks } from '../../../core/contract/cashier-locks';
import { compareDecimal } from '../../../core/decimal';
import { settled } from '../../../core/trader-limits';
import { tradingLimitKey } from '../../../core/trading-limits';
import type { Db } from '../../db';
import type { PlatformGateway } from '../ports';
import { appropriatenessLock } from './appropriateness';
import { livesInBlockedCountry } from './country-block';
import { fullDepositWindow } from './deposit-limits';
import { termsLock } from '../legal/legal';
import { activeExclusion, exclusionParams } from './self-exclusion';
import { tradingLimitsView, tradingSchedule } from './trading-limits';
import { underProtectionReview } from './negative-balance';

/**
 * Which of the cashier's lock reasons (core/cashier-locks.ts) hold for a trader now, each with
 * what its message needs. Each is asked of the place that enforces it, so a page never says a lock
 * the server would not also refuse with: the break of ./self-exclusion.ts, the account in use
 * (its type), the trader's verification, the deposit windows of ./deposit-limits.ts, the stake and
 * loss limits as the platform counts them (./trading-limits.ts; not known when it does not answer),
 * the appropriateness questionnaire as the platform's trade asks it (./appropriateness.ts).
 */
export async function cashierLocks(deps: { db: Db; platform: PlatformGateway }, userId: number, now: Date): Promise<CashierLocks> {
  const { db } = deps;
  const user = await db.selectFrom('users').select(['verification', 'current_account_id']).where('id', '=', userId).executeTakeFirstOrThrow();
  const account = user.current_account_id === null ? undefined : await db.selectFrom('accounts').select('type').where('id', '=', user.current_account_id).where('user_id', '=', userId).executeTakeFirst();
  const exclusion = await activeExclusion(db, userId, now);
  const full = await fullDepositWindow(db, userId, now);
  const holding: Partial<Record<LockReason, Record<string, string>>> = {};
  if (exclusion) holding.excluded = exclusionParams(exclusion);
  const terms = await termsLock(db, userId);
  if (terms) holding.terms_outdated = terms;
  // a country we no longer serve (the platform was told at sign-in: a GET changes nothing, here or there)
  if (await livesInBlockedCountry(db, userId)) holding.country_blocked = {};
  if (account?.type === 'demo') holding.demo_account = {};
  if (user.verification !== 'Full') holding.not_verified = {};
  if (await underProtectionReview(db, userId)) holding.protection_review = {};
  if (full) holding.deposit_limit = full;
  const tradingFull = await usedUpTradingLimit(deps, userId, now);
  if (tradingFull) holding.trading_limit = tradingFull;
  const unanswered = await appropriatenessLock(db, userId, now);
  if (unanswered) holding.appropriateness = unanswered;
  const of = (action: LockedAction): CashierLock[] => reasonsFor(action).flatMap((reason) => (holding[reason] ? [{ reason, params: holding[reason] }] : []));
  return { deposit: of('deposit'), withdrawal: of('withdrawal'), trading: of('trading') };
}

/**
 * The first stake or loss limit used up (what it holds has reached it: no stake fits), with its id,
 * the limit, what is used and the currency. The stake per trade is never used up: it limits each trade.
 */
async function usedUpTradingLimit(deps: { db: Db; platform: PlatformGateway }, userId: number, now: Date): Promise<Record<string, string> | null> {
  // most traders set none: then the platform is not asked (the trading page reads the locks each time it opens)
  const schedule = await tradingSchedule(deps.db, userId);
  if (!Object.values(schedule.limits).some((setting) => setting && settled(setting, now).value !== null)) return null;
  const rows = await tradingLimitsView(deps, userId, now);
  for (const row of rows) {
    const id = tradingLimitKey(row.kind, row.period);
    if (!id || id === 'stake_trade' || row.amount === null || row.used === null) continue;
    if (compareDecimal(row.used, row.amount) >= 0) return { limit_id: id, limit: row.amount, used: row.used, currency: schedule.currency };
  }
  return null;
}
