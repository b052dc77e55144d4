/**
 * Every reason a deposit, a withdrawal or trading can be locked (issue 30 §4): one table. Each
 * reason names what it blocks, the codes the server refuses with when someone tries anyway, and
 * the next step: the page of the trading area (`#/show/{page}`) where the trader settles it, or
 * null when nothing but time does. The server tells a page which locks hold now
 * (GET /api/cashier/locks, server/domain/protection/cashier-locks.ts); the page shows each with its
 * message and a button to its next step, before the trader types anything.
 *
 * A reason that is not listed here does not exist in the product: there is no client agreement to
 * sign before a deposit and no document expiry. A method that is not offered in a country refuses
 * by itself (`method.country`); a country we no longer serve at all is `country_blocked`.
 */

export type LockedAction = 'deposit' | 'withdrawal' | 'trading';

export interface LockRule {
  blocks: readonly LockedAction[];
  /** the refusal codes that say it, whatever call met it */
  codes: readonly string[];
  /** the page of `#/show/{page}` that settles it; null: it ends by itself (its message says when) */
  next: string | null;
}

export const CASHIER_LOCKS = {
  /** a break or self-exclusion (core/self-exclusion.ts): until its end */
  excluded: { blocks: ['deposit', 'trading'], codes: ['deposit.excluded', 'trading.blocked', 'login.excluded'], next: null },
  /** a new version of a legal document (core/legal/versions.ts) is not accepted yet: the Documents page shows it to accept */
  terms_outdated: { blocks: ['deposit', 'trading'], codes: ['legal.terms_outdated'], next: 'terms' },
  /** the trader's country is one we no longer serve (core/contract/countries.ts `block`): deposits and trading refused for good, withdrawals still paid; support helps a trader who has moved */
  country_blocked: { blocks: ['deposit', 'trading'], codes: ['deposit.country_blocked', 'trading.country_blocked'], next: 'support' },
  /** a demo account's money is virtual: it cannot be withdrawn, nor topped up with real money */
  demo_account: { blocks: ['withdrawal'], codes: ['withdrawal.demo', 'card.demo', 'quick.demo', 'method.demo', 'crypto.demo', 'vload.demo'], next: 'accounts' },
  /** withdrawals are paid to verified traders only */
  not_verified: { blocks: ['withdrawal'], codes: ['withdrawal.verify'], next: 'personal' },
  /** negative balance protection covered a refund or chargeback larger than the balance (server/domain/protection/negative-balance.ts): withdrawals wait while an operator reviews the case */
  protection_review: { blocks: ['withdrawal'], codes: ['withdrawal.protection_review'], next: 'support' },
  /** a deposit limit the trader set is used up (core/trader-limits.ts): until the window frees it, or a raise after the cooling-off */
  deposit_limit: {
    blocks: ['deposit'],
    codes: ['limits.deposit_day', 'limits.deposit_week', 'limits.deposit_month', 'limits.deposit_day_whole', 'limits.deposit_week_whole', 'limits.deposit_month_whole'],
    next: 'limits',
  },
  /** a stake or loss limit the trader set is used up (core/trading-limits.ts): the platform refuses every trade until the window frees it */
  trading_limit: {
    blocks: ['trading'],
    codes: ['trading.limit_stake_trade', 'trading.limit_stake_day', 'trading.limit_loss_day', 'trading.limit_loss_week', 'trading.limit_loss_month'],
    next: 'limits',
  },
  /** the appropriateness questionnaire (core/appropriateness.ts) is neither passed nor its risk accepted: the platform refuses every trade of a real-money account */
  appropriateness: { blocks: ['trading'], codes: ['trading.appropriateness'], next: 'appropriateness' },
} as const satisfies Record<string, LockRule>;

export type LockReason = keyof typeof CASHIER_LOCKS;
export const LOCK_REASONS = Object.keys(CASHIER_LOCKS) as LockReason[];

/** The lock a refusal code says, or null (a refusal that is not a lock: a typo, a declined card). */
export function lockOfCode(code: string): LockReason | null {
  return LOCK_REASONS.find((reason) => (CASHIER_LOCKS[reason].codes as readonly string[]).includes(code)) ?? null;
}

/** The reasons that can lock an action, in the table's order (the order a page lists them). */
export const reasonsFor = (action: LockedAction): LockReason[] => LOCK_REASONS.filter((reason) => (CASHIER_LOCKS[reason].blocks as readonly string[]).includes(action));
