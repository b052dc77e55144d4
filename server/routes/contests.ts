import { ContestIdRequest, type Contest, ContestList } from '../../core/contract/contests';
import { currentContests, getContest, lastContests, startContestCloser, type PaidPrize } from '../domain/contests/contests';
import { parse } from '../http/parse';
import { requireUser } from '../http/session';
import type { PushHub } from '../push/hub';
import type { RouteDeps } from './deps';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/** How often the timer looks for contests whose window ended. */
export const CONTEST_CLOSE_EVERY_MS = 5_000;

/** Prizes paid: each winner's bell and balance follow (the closing timer's, and the operator's close now). */
export function announcePrizes(push: PushHub, paid: readonly PaidPrize[]): void {
  for (const p of paid) push.publish(p.userId, { type: 'notification.new', kind: 'contest.prize' });
  for (const userId of new Set(paid.map((p) => p.userId))) push.publish(userId, { type: 'user.updated' });
}

/**
 * Contests (spec 002 §2-3, §7-9; docs/engagement.md "Contests"): GET /api/tourney/current,
 * GET /api/tourney/last, POST (or GET ?id=) /api/tourney/get; a timer closes each contest at
 * date_end and pays its prizes once. The operator's calls (a short contest, close now) are
 * registered by the composition root (server/compose.ts).
 */
export const contestRoutes: RoutePlugin<RouteDeps & { closeEveryMs?: number; ready?: Promise<void> }> = async (app, deps) => {
  const { db, platform, push } = deps;
  const closer = startContestCloser({
    db,
    platform,
    everyMs: deps.closeEveryMs ?? CONTEST_CLOSE_EVERY_MS,
    onPaid: (paid) => announcePrizes(push, paid),
    // new contests on a schedule: the sandbox's (server/compose.ts)
    ...(deps.ports.contestSchedule && { schedule: deps.ports.contestSchedule }),
    ...(deps.ready && { ready: deps.ready }),
    log: app.log,
  });
  app.addHook('onClose', async () => closer.stop());

  app.get('/api/tourney/current', { schema: api(TAGS.engagement, 'Current contests', { response: ContestList }) }, async (request): Promise<ContestList> => ({ contests: await currentContests(db, platform, requireUser(request)) }));
  app.get('/api/tourney/last', { schema: api(TAGS.engagement, 'Finished contests', { response: ContestList }) }, async (request): Promise<ContestList> => ({ contests: await lastContests(db, platform, requireUser(request)) }));
  app.post('/api/tourney/get', { schema: api(TAGS.engagement, 'One contest', { body: ContestIdRequest }) }, async (request): Promise<Contest> => {
    const userId = requireUser(request);
    return getContest(db, platform, request.body.id, userId);
  });
  app.get<{ Querystring: { id?: string } }>('/api/tourney/get', { schema: api(TAGS.engagement, 'One contest (?id=)') }, async (request): Promise<Contest> => {
    const userId = requireUser(request);
    return getContest(db, platform, parse(ContestIdRequest, { id: request.query.id ?? '' }).id, userId);
  });
};
