import { sql } from 'kysely';
import type { Db } from '../../db';
import type { PlatformGateway } from '../ports';
import { passwordRefusal } from '../password-policy';
import { checkPassword, hashPassword } from '../passwords';
import { endUserSessions } from '../sessions';
import { ensureSecurityRow } from './factors';
import { Refusal } from '../refusal';

/**
 * Password change (spec 002 §3, §7; 000 §7 platform password). The new password must pass the
 * broker's one password policy (server/domain/password-policy.ts: the same rules, keys and texts
 * as registration), checked before anything else, so the platform is never sent a password the
 * broker refuses. The current password is checked with argon2id; 5 wrong ones lock the form for
 * 15 minutes (counted in the database). The new password is set on our server and on the
 * trading platform (the platform login comes first at sign-in, so both must change together);
 * other sessions of the user are ended.
 */
export const PASSWORD_LIMIT = 5;
export const PASSWORD_LOCK_MS = 15 * 60_000;

export interface PasswordChange {
  oldPassword: string;
  password: string;
  repeatPassword: string;
  /** sign out every other session (the default) or leave them (issue 31 §2) */
  endOthers?: boolean;
}

export async function changePassword(db: Db, platform: PlatformGateway, userId: number, keepSessionId: string, change: PasswordChange): Promise<void> {
  const user = await db.selectFrom('users').select(['email', 'password_hash']).where('id', '=', userId).executeTakeFirstOrThrow();
  const refused = passwordRefusal(change.password, user.email);
  if (refused) throw new Refusal(400, refused.key, refused.message);
  if (change.password !== change.repeatPassword) throw new Refusal(400, 'security.repeat_mismatch', 'The two new passwords are not the same.');
  if (change.password === change.oldPassword) throw new Refusal(400, 'security.password_same', 'The new password must differ from the current one.');

  await ensureSecurityRow(db, userId);
  const lock = await db.selectFrom('user_security').select('password_locked_until').where('user_id', '=', userId).executeTakeFirstOrThrow();
  if (lock.password_locked_until && lock.password_locked_until.getTime() > Date.now()) {
    const minutes = Math.max(1, Math.ceil((lock.password_locked_until.getTime() - Date.now()) / 60_000));
    throw new Refusal(429, 'security.locked', `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
      headers: { 'retry-after': String(minutes * 60) },
    });
  }
  if (!(await checkPassword(user.password_hash, change.oldPassword))) {
    await db
      .updateTable('user_security')
      .set({
        password_failures: sql`case when password_failures + 1 >= ${PASSWORD_LIMIT} then 0 else password_failures + 1 end`,
        password_locked_until: sql`case when password_failures + 1 >= ${PASSWORD_LIMIT} then now() + make_interval(secs => ${PASSWORD_LOCK_MS / 1000}) else password_locked_until end`,
      })
      .where('user_id', '=', userId)
      .execute();
    throw new Refusal(400, 'security.old_wrong', 'The current password is not correct.');
  }

  await applyNewPassword(db, platform, { id: userId, email: user.email }, change.password, { keepSessionId, previousPassword: change.oldPassword, endOthers: change.endOthers !== false });
}

/**
 * Sets an accepted new password everywhere it lives, for every place the broker sets one (the
 * security page's change, the forgot-password reset): on the trading platform first (if it
 * refuses, nothing changed anywhere: 502 security.platform), then here (argon2id, as at
 * registration) with the change form's lock cleared, and every session of the user ended but
 * `keepSessionId` (unless the trader chose to keep them: `endOthers` false, the change form only). Two-factor settings are not touched. When our write fails after the platform
 * changed, the platform gets `previousPassword` back when it is known (a reset does not know it:
 * its caller lets the same link be used again, which sets both once more).
 */
export async function applyNewPassword(
  db: Db,
  platform: PlatformGateway,
  user: { id: number; email: string },
  password: string,
  { keepSessionId, previousPassword, endOthers = true }: { keepSessionId?: string; previousPassword?: string; endOthers?: boolean } = {},
): Promise<void> {
  if (!platform.setPassword || !(await platform.setPassword(user.email, password))) {
    throw new Refusal(502, 'security.platform', 'The trading platform did not accept the new password. Nothing was changed.');
  }
  const hash = await hashPassword(password);
  try {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', user.id).execute();
      await trx.updateTable('user_security').set({ password_failures: 0, password_locked_until: null }).where('user_id', '=', user.id).execute();
      if (endOthers) await endUserSessions(trx, user.id, keepSessionId);
    });
  } catch (error) {
    // put the platform back to the password that still works here
    if (previousPassword !== undefined) await platform.setPassword(user.email, previousPassword).catch(() => false);
    throw error;
  }
}
