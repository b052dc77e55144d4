import type { DbOrTx } from '../ledger';
import { beginAttempt, lockedMessage, settleAttempt } from '../attempts';
import { checkPassword } from '../passwords';
import { Refusal } from '../refusal';

/**
 * A signed-in trader confirms a step that cannot be taken back (closing the account, a break or a
 * self-exclusion) with their password. The try is counted like a sign-in's, under the same
 * per-account limit: 429 login.locked while locked, 401 `{code}` (with the password field marked)
 * when wrong.
 */
export async function confirmPassword(db: DbOrTx, userId: number, password: string, ip: string, code: string): Promise<void> {
  const user = await db.selectFrom('users').select(['email', 'password_hash']).where('id', '=', userId).executeTakeFirstOrThrow();
  const gate = await beginAttempt(db, 'site', user.email, ip);
  if (gate.lockedUntil) {
    const seconds = Math.max(1, Math.ceil((gate.lockedUntil.getTime() - gate.now.getTime()) / 1000));
    throw new Refusal(429, 'login.locked', lockedMessage(gate.lockedUntil, gate.now), { headers: { 'retry-after': String(seconds) } });
  }
  if (!(await checkPassword(user.password_hash, password))) {
    await settleAttempt(db, gate.attemptId, 'fail');
    throw new Refusal(401, code, 'The password is not right.', { fields: { password: code } });
  }
  await settleAttempt(db, gate.attemptId, 'success');
}
