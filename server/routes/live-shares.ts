import { LIVE_SHARE_MAX_BYTES, LiveShare, LiveShareCreated, LiveShareParams } from '../../core/contract/live-share';
import { shareSession, sharedSession } from '../domain/explorer/live-shares';
import { Refusal } from '../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';
import type { RouteDeps } from './deps';

/**
 * Live sessions shared by link (issue 34 §2; contract core/contract/live-share.ts): the explorer's
 * routes, so only where the explorer is on (EXPLORER; off in production unless set).
 */
export const liveShareRoutes: RoutePlugin<RouteDeps> = async (app, { db, config }) => {
  if (!config.explorer) return;
  app.post(
    '/api/explorer/live_shares',
    { bodyLimit: LIVE_SHARE_MAX_BYTES, schema: api(TAGS.analytics, 'The explorer: keep a live session (as Save session writes it) and give its link', { body: LiveShare, response: LiveShareCreated }) },
    async (request): Promise<LiveShareCreated> => ({ id: await shareSession(db, request.body, new Date()) }),
  );
  app.get('/api/explorer/live_shares/:id', { schema: api(TAGS.analytics, 'The explorer: a live session shared by link', { params: LiveShareParams }) }, async (request) => {
    const session = await sharedSession(db, request.params.id, new Date());
    if (session === null) throw new Refusal(404, 'live.share_missing', 'This shared session is not here: its link is wrong, or its days are over.');
    return session;
  });
};
