import type { DbOrTx } from '../ledger';
import { Refusal } from '../refusal';
import { closedAt } from './closure';
import { activeExclusion, exclusionParams } from './self-exclusion';

/**
 * The one check before a session gets a user (server/domain/notifications/security.ts
 * signInWithNotice, and the password step of /api/login before a second factor is asked): a
 * closed account (issue 30 §8) is refused with 403 login.closed; one on a break or self-excluded
 * (§3) with 403 login.excluded and its end date, unless the trader asked to withdraw only
 * (`withdrawOnly`): withdrawals stay open during a break, so such a sign-in gets a session that
 * can only withdraw (server/http/withdraw-only.ts). Asked only once the password is right, so it
 * tells nothing to someone guessing.
 *
 * Returns whether the session is to be withdraw-only: asked for while a break runs. Asked for
 * when none runs (it ended meanwhile), the sign-in is a whole one.
 */
export async function assertMaySignIn(db: DbOrTx, userId: number, now = new Date(), withdrawOnly = false): Promise<boolean> {
  if (await closedAt(db, userId)) throw new Refusal(403, 'login.closed', 'This account is closed. If you want to open it again, please contact support.');
  const running = await activeExclusion(db, userId, now);
  if (running && !withdrawOnly) {
    const what = running.kind === 'timeout' ? 'on a break' : 'self-excluded';
    throw new Refusal(403, 'login.excluded', `This account is ${what} until ${running.until.toISOString()}.`, { params: exclusionParams(running) });
  }
  return running !== null;
}
