import { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { CreateContestRequest, type CloseContestResponse, type Contest } from '../../../core/contract/contests';
import { closeContest, createContest, getContest } from '../../domain/contests/contests';
import { Refusal } from '../../domain/refusal';

import { isSandboxOperator, SANDBOX_OPERATOR_HEADER } from '../access';
import { announcePrizes } from '../../routes/contests';
import type { SandboxDeps } from '../deps';
import { api, TAGS, type RoutePlugin } from '../../http/route-schema';

/**
 * The sandbox operator's contest calls (sandbox mode only; docs/engagement.md "Contests"), with
 * the x-sandbox-operator header: POST /api/sandbox/contests (a short contest) and
 * POST /api/sandbox/contests/:id/close (close it now and pay its prizes, announced as the timer's).
 * The traders' contests and the closing timer are server/routes/contests.ts.
 */
export const sandboxContestRoutes: RoutePlugin<SandboxDeps> = async (app, { db, config, platform, push }) => {
  if (!config.sandbox) return;
  const requireOperator = (request: FastifyRequest) => {
    if (!isSandboxOperator(request, config)) {
      throw new Refusal(403, 'sandbox.operator', `Only the sandbox operator runs contests: send the operator token (printed by npm start) in the ${SANDBOX_OPERATOR_HEADER} header.`);
    }
  };

  app.post('/api/sandbox/contests', { schema: api(TAGS.sandbox, 'Create a contest', { body: CreateContestRequest }) }, async (request): Promise<Contest> => {
    requireOperator(request);
    const body = request.body;
    const now = Date.now();
    const id = `sandbox-${body.type}-${randomUUID().slice(0, 8)}`;
    await createContest(db, {
      id,
      type: body.type,
      currency: body.currency ?? 'USD',
      start: new Date(now - (body.startedSecondsAgo ?? 0) * 1000),
      end: new Date(now + body.seconds * 1000),
      prizes: body.prizes,
    });
    return getContest(db, platform, id, null);
  });

  app.post<{ Params: { id: string } }>('/api/sandbox/contests/:id/close', { schema: api(TAGS.sandbox, 'Close a contest now') }, async (request): Promise<CloseContestResponse> => {
    requireOperator(request);
    const { paid } = await closeContest(db, platform, request.params.id);
    announcePrizes(push, paid);
    return { contest: await getContest(db, platform, request.params.id, null), paid: paid.length };
  });
};
