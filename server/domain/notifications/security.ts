import type { Db } from '../../db';
import { rotateSession, type NewSession } from '../sessions';
import { notificationKey } from './key';
import { notify } from './notify';

/**
 * A trader signs in (the password, or the second factor after it): the new session and its
 * notification (security.sign_in, so a sign-in the trader did not make is seen in the bell) in
 * one transaction. The caller pushes notification.new after it.
 */
export async function signInWithNotice(db: Db, oldSessionId: string | null, userId: number, facts: { ip?: string } = {}): Promise<NewSession> {
  return db.transaction().execute(async (trx) => {
    const next = await rotateSession(trx, oldSessionId, userId);
    await notify(trx, { userId, kind: 'security.sign_in', params: facts.ip ? { ip: facts.ip.slice(0, 64) } : {}, key: notificationKey('sign-in', next.row.id) });
    return next;
  });
}
