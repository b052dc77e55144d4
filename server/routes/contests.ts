import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { ContestIdRequest, CreateContestRequest, type CloseContestResponse, type Contest, type ContestList } from '../../core/contract/contests';
import { closeContest, createContest, currentContests, getContest, lastContests, startContestCloser, type PaidPrize } from '../domain/contests/contests';
import { parse } from '../http/parse';
import { isSandboxOperator, SANDBOX_OPERATOR_HEADER } from '../http/sandbox-access';
import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';
import { Refusal } from '../domain/refusal';

/** How often the timer looks for contests whose window ended. */
export const CONTEST_CLOSE_EVERY_MS = 5_000;

/**
 * Contests (spec 002 §2-3, §7-9; docs/engagement.md "Contests"): GET /api/tourney/current,
 * GET /api/tourney/last, POST (or GET ?id=) /api/tourney/get; a timer closes each contest at
 * date_end and pays its prizes once. Sandbox only: POST /api/sandbox/contests (a short contest)
 * and POST /api/sandbox/contests/:id/close (close now), with the x-sandbox-operator header.
 */
export const contestRoutes: FastifyPluginAsync<RouteDeps & { closeEveryMs?: number; ready?: Promise<void> }> = async (app, deps) => {
  const { db, platform, push, config } = deps;
  const announce = (paid: PaidPrize[]) => {
    for (const p of paid) push.publish(p.userId, { type: 'notification.new', kind: 'contest.prize' });
    for (const userId of new Set(paid.map((p) => p.userId))) push.publish(userId, { type: 'user.updated' });
  };
  const closer = startContestCloser({
    db,
    platform,
    everyMs: deps.closeEveryMs ?? CONTEST_CLOSE_EVERY_MS,
    onPaid: announce,
    // new contests on a schedule: the sandbox's (server/compose.ts)
    ...(deps.ports.contestSchedule && { schedule: deps.ports.contestSchedule }),
    ...(deps.ready && { ready: deps.ready }),
    log: app.log,
  });
  app.addHook('onClose', async () => closer.stop());

  app.get('/api/tourney/current', async (request): Promise<ContestList> => ({ contests: await currentContests(db, platform, requireUser(request)) }));
  app.get('/api/tourney/last', async (request): Promise<ContestList> => ({ contests: await lastContests(db, platform, requireUser(request)) }));
  app.post('/api/tourney/get', async (request): Promise<Contest> => {
    const userId = requireUser(request);
    return getContest(db, platform, parse(ContestIdRequest, request.body ?? {}).id, userId);
  });
  app.get<{ Querystring: { id?: string } }>('/api/tourney/get', async (request): Promise<Contest> => {
    const userId = requireUser(request);
    return getContest(db, platform, parse(ContestIdRequest, { id: request.query.id ?? '' }).id, userId);
  });

  if (!config.sandbox) return;
  const requireOperator = (request: FastifyRequest) => {
    if (!isSandboxOperator(request, config)) {
      throw new Refusal(403, 'sandbox.operator', `Only the sandbox operator runs contests: send the operator token (printed by npm start) in the ${SANDBOX_OPERATOR_HEADER} header.`);
    }
  };

  app.post('/api/sandbox/contests', async (request): Promise<Contest> => {
    requireOperator(request);
    const body = parse(CreateContestRequest, request.body ?? {});
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

  app.post<{ Params: { id: string } }>('/api/sandbox/contests/:id/close', async (request): Promise<CloseContestResponse> => {
    requireOperator(request);
    const { paid } = await closeContest(db, platform, request.params.id);
    announce(paid);
    return { contest: await getContest(db, platform, request.params.id, null), paid: paid.length };
  });
};
