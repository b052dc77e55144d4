import { LimitsResponse, SetDepositLimitRequest, SetDepositLimitResponse } from '../../core/contract/limits';
import { limitsView, setDepositLimit } from '../domain/protection/deposit-limits';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';
import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';

/**
 * The limits a trader sets on themselves (issue 30 §1, docs/limits.md; contract
 * core/contract/limits.ts). Signed in only (401 `auth.required`); the POST with the CSRF header
 * like every other. The rules are core/trader-limits.ts; the enforcement is the deposit's hold,
 * taken by every deposit method as it starts (server/domain/protection/deposit-limits.ts).
 */
export const limitRoutes: RoutePlugin<RouteDeps> = async (app, { db }) => {
  app.get('/api/limits', { schema: api(TAGS.account, 'Limits: the trader’s deposit limits, what is used and what waits', { response: LimitsResponse }) }, async (request): Promise<LimitsResponse> => {
    const userId = requireUser(request);
    return limitsView(db, userId, new Date());
  });

  app.post(
    '/api/limits/deposit',
    { schema: api(TAGS.account, 'Limits: set, lower (at once), raise or remove (after the cooling-off) a deposit limit', { body: SetDepositLimitRequest, response: SetDepositLimitResponse }) },
    async (request): Promise<SetDepositLimitResponse> => {
      const userId = requireUser(request);
      return setDepositLimit(db, userId, request.body, new Date());
    },
  );
};
