import type { Db } from '../../db';
import { assertMaySignIn } from '../protection/sign-in-gate';
import type { SignInMethod } from '../../../core/contract/sign-in-history';
import { deviceLabel } from '../security/device-label';
import { openAlert, rememberDevice, sendAlertMail, type AlertMail } from '../security/new-device';
import { recordSignIn, type ClientFacts } from '../security/sign-in-history';
import { rotateSession, type NewSession } from '../sessions';
import { notificationKey } from './key';
import { notify } from './notify';

/**
 * A trader signs in (the password, or the second factor after it): the new session and its
 * notification (security.sign_in, so a sign-in the trader did not make is seen in the bell) in
 * one transaction. The caller pushes notification.new after it.
 *
 * Repeated sign-ins collapse into one notice: the trader's earlier sign-in notices are
 * folded into the new one, which says how many sign-ins it stands for since the trader last read
 * one (`count`, the unread ones plus this) and the latest IP. So sign-ins take at most one of the
 * bell's first three places and never push documents or support replies out of them; a sign-in
 * the trader did not make still shows (in the count, at the top).
 *
 * `withdrawOnly`: the trader asked to withdraw during a break (protection/sign-in-gate.ts); the
 * session can then only withdraw.
 *
 * The sign-in is written to the history (security/sign-in-history.ts) with its method and
 * outcome (`factor_passed` after a second factor). From a device the account had not used
 * (security/new-device.ts), the notice is `security.new_device` instead (never folded) and, with
 * `alert`, an email with a "this wasn't me" link goes out after the commit.
 */
export interface SignInAsk extends ClientFacts {
  withdrawOnly?: boolean;
  /** how the trader signed in ('asked': the method of the step that asked for the second factor) */
  method?: SignInMethod | 'asked';
  outcome?: 'signed_in' | 'factor_passed';
  /** where the new-device email goes out (none: the notice only) */
  alert?: AlertMail;
}

export async function signInWithNotice(db: Db, oldSessionId: string | null, userId: number, facts: SignInAsk = {}): Promise<NewSession> {
  const now = new Date();
  const made = await db.transaction().execute(async (trx) => {
    const withdrawOnly = await assertMaySignIn(trx, userId, now, facts.withdrawOnly === true);
    const next = await rotateSession(trx, oldSessionId, userId, withdrawOnly, { ip: facts.ip, device: deviceLabel(facts.userAgent) });
    const newDevice = await rememberDevice(trx, userId, facts.deviceKey);
    const eventId = await recordSignIn(trx, userId, facts.method ?? 'password', facts.outcome ?? 'signed_in', facts, newDevice);
    if (newDevice) {
      const token = await openAlert(trx, userId, eventId, now);
      const params: Record<string, string> = { event: eventId };
      if (facts.ip) params.ip = facts.ip.slice(0, 64);
      const device = deviceLabel(facts.userAgent);
      if (device) params.device = device;
      await notify(trx, { userId, kind: NEW_DEVICE, params, key: notificationKey('new-device', eventId) });
      return { next, token, device };
    }
    const earlier = await trx.selectFrom('notifications').select(['id', 'params', 'read_at']).where('user_id', '=', userId).where('kind', '=', SIGN_IN).forUpdate().execute();
    const unseen = earlier.filter((row) => row.read_at === null).reduce((n, row) => n + countOf(row.params), 0);
    if (earlier.length > 0) await trx.deleteFrom('notifications').where('id', 'in', earlier.map((row) => row.id)).execute();
    const params: Record<string, string> = facts.ip ? { ip: facts.ip.slice(0, 64) } : {};
    if (unseen > 0) params.count = String(unseen + 1);
    await notify(trx, { userId, kind: SIGN_IN, params, key: notificationKey('sign-in', next.row.id) });
    return { next, token: null, device: null };
  });
  if (made.token && facts.alert) await sendAlertMail(db, facts.alert, userId, { token: made.token, device: made.device, ip: facts.ip ?? null, at: now });
  return made.next;
}

const SIGN_IN = 'security.sign_in';
const NEW_DEVICE = 'security.new_device';

/** how many sign-ins a stored notice stands for (1 unless it folded others) */
function countOf(params: unknown): number {
  const raw = typeof params === 'string' ? (JSON.parse(params) as Record<string, unknown>) : (params as Record<string, unknown> | null);
  const n = Number(raw?.count ?? 1);
  return Number.isInteger(n) && n > 0 ? n : 1;
}
