import { IqAnswer, IqState } from '../../core/contract/iq';
import { answerIq, startIq } from '../domain/iq/iq';

import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/**
 * IQ mining (spec 001 §7): POST /api/iq/start (start or resume), POST /api/iq/next
 * {n, answer} (checked on the server). The reward, when earned, pushes notification.new and
 * user.updated (the bonus balance) after the commit.
 */
export const iqRoutes: RoutePlugin<RouteDeps> = async (app, { db, push }) => {
  app.post('/api/iq/start', { schema: api(TAGS.engagement, 'IQ mining: start or resume', { response: IqState }) }, async (request, reply): Promise<IqState> => {
    const userId = requireUser(request);
    reply.header('cache-control', 'no-store');
    return startIq(db, userId);
  });
  app.post('/api/iq/next', { schema: api(TAGS.engagement, 'IQ mining: answer and go on', { body: IqAnswer, response: IqState }) }, async (request, reply): Promise<IqState> => {
    const userId = requireUser(request);
    reply.header('cache-control', 'no-store');
    const body = request.body;
    const { state, rewarded } = await answerIq(db, userId, body.n, body.answer);
    if (rewarded) {
      push.publish(userId, { type: 'notification.new', kind: 'iq.rewarded' });
      push.publish(userId, { type: 'user.updated' });
    }
    return state;
  });
};
