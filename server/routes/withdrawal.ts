import { PendingList, RejectRequest, WithdrawalFinalRequest, WithdrawalRequest, WithdrawalTrigger, RejectResponse, WithdrawalCheck, WithdrawalFinal, Ok } from '../../core/contract';
import { toBigInt } from '../db/values';
import { formatMoney } from '../../core/money';
import { issueCode, consumeGrant } from '../domain/security/factors';
import { factorUserOf } from '../domain/users';
import { Refusal } from '../domain/refusal';
import { shortWallet } from '../domain/withdrawals/wallets';
import { checkWithdrawal, endWithdrawal, pendingWithdrawals, requestWithdrawal } from '../domain/withdrawals/withdrawals';
import { requireUser } from '../http/session';

import { sessionOf, type RouteDeps } from './deps';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/**
 * Withdrawals (spec 002 §4, §7): the check (`case`), the final request (held at once through
 * the ledger, second factor when the trader has one), the pending list and cancel, and the
 * wd/wdr triggers. Every call is checked against the signed-in owner.
 */
export const withdrawalRoutes: RoutePlugin<RouteDeps> = async (app, { db, push, platform, ports }) => {
  const { messenger } = ports;

  app.post('/api/withdrawal', { schema: api(TAGS.withdrawal, 'Check a withdrawal', { body: WithdrawalRequest, response: WithdrawalCheck }) }, async (request): Promise<WithdrawalCheck> => {
    const body = request.body;
    const session = sessionOf(request);
    if (session.user_id === null) return { need_auth: true, return: false, error: 'auth.required', message: 'Please sign in.' };
    const userId = session.user_id;
    const result = await checkWithdrawal(db, userId, body, platform);
    return {
      need_auth: false,
      return: true,
      case: result.case,
      current_turnover: result.turnover.current,
      need_turnover: result.turnover.need,
      turnover_currency: result.turnover.currency as WithdrawalCheck['turnover_currency'],
    };
  });

  app.post('/api/withdrawal/final', { schema: api(TAGS.withdrawal, 'Request a withdrawal', { body: WithdrawalFinalRequest, response: WithdrawalFinal }) }, async (request): Promise<WithdrawalFinal> => {
    const body = request.body;
    const session = sessionOf(request);
    const userId = requireUser(request);
    const user = await factorUserOf(db, userId);
    const result = await requestWithdrawal(db, userId, body, {
      required: user.two_factor !== '',
      consumeGrant: (trx) => consumeGrant(trx, session.id, userId, 'withdrawal'),
    }, platform);
    if (result.kind === 'factor') {
      if (result.type !== 'google') {
        await issueCode(db, messenger, { id: userId, email: user.email }, 'withdrawal', result.type).catch((error: unknown) => {
          if (!(error instanceof Refusal)) throw error; // a code from a moment ago still works
        });
      }
      return { return: false, is_bonus: body.is_bonus, factor: true, type: result.type, message: 'Confirm this withdrawal with your second factor.' };
    }
    if (!result.replayed) push.publish(userId, { type: 'user.updated' });
    const w = result.withdrawal;
    return {
      return: true,
      is_bonus: w.bonus_forfeited,
      factor: false,
      transactionId: w.id,
      message: `Your withdrawal of ${formatMoney(toBigInt(w.amount_minor), w.currency)} ${w.currency} is requested. The amount is held until it is paid out.`,
    };
  });

  app.post('/api/us/pending', { schema: api(TAGS.withdrawal, 'Pending withdrawals', { response: PendingList }) }, async (request): Promise<PendingList> => {
    const userId = requireUser(request);
    const rows = await pendingWithdrawals(db, userId);
    return {
      hits: rows.map((w) => ({
        transactionId: w.id,
        amount: formatMoney(toBigInt(w.amount_minor), w.currency),
        currency: w.currency as PendingList['hits'][number]['currency'],
        method: w.method as PendingList['hits'][number]['method'],
        wallet: shortWallet(w.wallet),
        createdAt: w.created_at.toISOString(),
      })),
    };
  });

  app.post('/api/us/reject', { schema: api(TAGS.withdrawal, 'Cancel a pending withdrawal', { body: RejectRequest, response: RejectResponse }) }, async (request): Promise<RejectResponse> => {
    const { id } = request.body;
    const userId = requireUser(request);
    const row = await endWithdrawal(db, id, 'cancelled', userId);
    push.publish(userId, { type: 'user.updated' });
    push.publish(userId, { type: 'withdrawal.updated', id: row.id, status: row.status });
    return { return: true, message: 'Success' };
  });

  for (const path of ['/api/triggers/wd', '/api/triggers/wdr']) {
    app.post(path, { schema: api(TAGS.withdrawal, path.endsWith('wdr') ? 'Withdrawal requested (spec trigger)' : 'Withdrawal page opened (spec trigger)', { body: WithdrawalTrigger, response: Ok }) }, async (request) => {
      requireUser(request);
      return { ok: true as const };
    });
  }
};
