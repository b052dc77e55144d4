import { reasonsFor, type LockedAction, type LockReason } from '../../../core/cashier-locks';
import type { CashierLock, CashierLocks } from '../../../core/contract/cashier-locks';
import type { Db } from '../../db';
import { fullDepositWindow } from './deposit-limits';
import { activeExclusion, exclusionParams } from './self-exclusion';

/**
 * Which of the cashier's lock reasons (core/cashier-locks.ts) hold for a trader now, each with
 * what its message needs. Each is asked of the place that enforces it, so a page never says a lock
 * the server would not also refuse with: the break of ./self-exclusion.ts, the account in use
 * (its type), the trader's verification, the deposit windows of ./deposit-limits.ts.
 */
export async function cashierLocks(db: Db, userId: number, now: Date): Promise<CashierLocks> {
  const user = await db.selectFrom('users').select(['verification', 'current_account_id']).where('id', '=', userId).executeTakeFirstOrThrow();
  const account = user.current_account_id === null ? undefined : await db.selectFrom('accounts').select('type').where('id', '=', user.current_account_id).where('user_id', '=', userId).executeTakeFirst();
  const exclusion = await activeExclusion(db, userId, now);
  const full = await fullDepositWindow(db, userId, now);
  const holding: Partial<Record<LockReason, Record<string, string>>> = {};
  if (exclusion) holding.excluded = exclusionParams(exclusion);
  if (account?.type === 'demo') holding.demo_account = {};
  if (user.verification !== 'Full') holding.not_verified = {};
  if (full) holding.deposit_limit = full;
  const of = (action: LockedAction): CashierLock[] => reasonsFor(action).flatMap((reason) => (holding[reason] ? [{ reason, params: holding[reason] }] : []));
  return { deposit: of('deposit'), withdrawal: of('withdrawal'), trading: of('trading') };
}
