import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WithdrawalFinal } from '../../../core/contract';
import { userIdOfEmail } from '../../domain/users';
import { endWithdrawal } from '../../domain/withdrawals/withdrawals';

import { requireSandboxAccess } from '../access';
import { requireUser } from '../../http/session';
import type { SandboxDeps } from '../deps';
import { SandboxScriptRequest, SandboxScriptWho, SandboxScriptResponse } from './contract';
import { addSteps, clearSteps, MAX_WAITING, nextWithdrawalStep, TooManySteps, takeStep, waitingSteps } from './store';
import { Refusal } from '../../domain/refusal';
import { api, TAGS, type ContractTypes } from '../../http/route-schema';

/** The withdrawal request whose answers a withdrawal step changes. */
const FINAL = '/api/withdrawal/final';

/**
 * Scripted sandbox outcomes (docs/sandbox.md "Scripted outcomes"), sandbox mode only:
 * POST /api/sandbox/script adds one-shot steps for a trader (card processor answers, withdrawal
 * outcomes), GET lists the waiting ones, POST /api/sandbox/script/clear drops them. The card
 * steps are used by the scripted processors (card-gateway.ts); the withdrawal steps here, by a
 * hook on the withdrawal request. Called from buildApp before the withdrawal routes are
 * registered, so the hook reaches them.
 */
export async function installSandboxScripts(plain: FastifyInstance, { db, config, push }: Pick<SandboxDeps, 'db' | 'config' | 'push'>): Promise<void> {
  if (!config.sandbox) return;
  const app = plain.withTypeProvider<ContractTypes>();

  /** whose script: the given email's (operator, owner, or the session that made that user), else the signed-in trader's */
  const whose = async (request: FastifyRequest, email: string | undefined): Promise<number> => {
    if (email === undefined) return requireUser(request);
    const userId = await userIdOfEmail(db, email.trim().toLowerCase());
    await requireSandboxAccess(db, request, config, userId, 'script');
    if (userId === undefined) throw new Refusal(404, 'user.not_found', 'No trader with this email.');
    return userId;
  };

  app.post('/api/sandbox/script', { schema: api(TAGS.sandbox, 'Script third-party outcomes (one-shot)', { body: SandboxScriptRequest, response: SandboxScriptResponse }) }, async (request): Promise<SandboxScriptResponse> => {
    const body = request.body;
    const userId = await whose(request, body.email);
    try {
      await addSteps(db, userId, body.card ?? [], body.withdrawal ?? [], body.platform ?? []);
    } catch (error) {
      if (error instanceof TooManySteps) throw new Refusal(409, 'sandbox.script_full', `At most ${MAX_WAITING} steps per area may wait; clear them first.`);
      throw error;
    }
    return { ok: true, waiting: await waitingSteps(db, userId) };
  });

  app.get('/api/sandbox/script', { schema: api(TAGS.sandbox, 'Scripted outcomes still waiting', { querystring: SandboxScriptWho, response: SandboxScriptResponse }) }, async (request): Promise<SandboxScriptResponse> => {
    const query = request.query;
    return { ok: true, waiting: await waitingSteps(db, await whose(request, query.email)) };
  });

  app.post('/api/sandbox/script/clear', { schema: api(TAGS.sandbox, 'Drop the waiting scripted outcomes', { body: SandboxScriptWho }) }, async (request) => {
    const body = request.body;
    return { ok: true as const, cleared: await clearSteps(db, await whose(request, body.email)) };
  });

  // A withdrawal the server has just held (a new request, not a replay of a settled one) meets
  // the trader's next withdrawal step: `approve` / `reject` settle it at once as the payout
  // processor would (POST /api/sandbox/withdrawals/settle), `fail` is the provider refusing it:
  // the hold is returned and the answer is the refusal the page shows.
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (request.routeOptions.url !== FINAL || request.method !== 'POST') return payload;
    const answer = payload as WithdrawalFinal | null;
    const userId = request.session?.user_id;
    if (!answer || answer.return !== true || !answer.transactionId || userId === null || userId === undefined) return payload;
    const step = await nextWithdrawalStep(db, userId);
    if (!step) return payload;
    const held = await db.selectFrom('withdrawals').select('status').where('id', '=', answer.transactionId).executeTakeFirst();
    if (held?.status !== 'pending' || !(await takeStep(db, step.id, answer.transactionId))) return payload;
    const row = await endWithdrawal(db, answer.transactionId, step.outcome === 'approve' ? 'paid' : 'rejected');
    push.publish(userId, { type: 'withdrawal.updated', id: row.id, status: row.status });
    push.publish(userId, { type: 'user.updated' });
    push.publish(userId, { type: 'notification.new' });
    if (step.outcome !== 'fail') return payload;
    const refused: WithdrawalFinal = {
      return: false,
      is_bonus: answer.is_bonus,
      factor: false,
      message: 'The payout provider refused this withdrawal (sandbox script). The amount is back in your balance.',
    };
    return refused;
  });
}
