import { LimitsResponse, SetDepositLimitRequest, SetDepositLimitResponse, SetTradingLimitRequest, SetTradingLimitResponse } from '../../core/contract/limits';
import { SessionLimit, SetSessionLimitRequest, SetSessionLimitResponse } from '../../core/contract/session-limit';
import { setDepositLimit } from '../domain/protection/deposit-limits';
import { sessionLimitView, setSessionLimit } from '../domain/protection/session-limit';
import { limitsView, setTradingLimit } from '../domain/protection/trading-limits';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';
import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';

/**
 * The limits a trader sets on themselves (issue 30 §1, docs/limits.md; contract
 * core/contract/limits.ts). Signed in only (401 `auth.required`); the POSTs with the CSRF header
 * like every other. The rules are core/trader-limits.ts and core/trading-limits.ts; deposit limits
 * are enforced by the deposit's hold, taken by every deposit method as it starts
 * (server/domain/protection/deposit-limits.ts); stake and loss limits by the trading platform,
 * which the broker hands them to (server/domain/protection/trading-limits.ts); the session-time
 * limit by the session itself (server/domain/protection/session-limit.ts, core/contract/session-limit.ts).
 */
export const limitRoutes: RoutePlugin<RouteDeps> = async (app, { db, ports }) => {
  const deps = { db, platform: ports.platform };

  app.get(
    '/api/limits',
    { schema: api(TAGS.account, 'Limits: the trader’s deposit, stake and loss limits, what is used and what waits', { response: LimitsResponse }) },
    async (request): Promise<LimitsResponse> => {
      const userId = requireUser(request);
      return limitsView(deps, userId, new Date());
    },
  );

  app.post(
    '/api/limits/deposit',
    { schema: api(TAGS.account, 'Limits: set, lower (at once), raise or remove (after the cooling-off) a deposit limit', { body: SetDepositLimitRequest, response: SetDepositLimitResponse }) },
    async (request): Promise<SetDepositLimitResponse> => {
      const userId = requireUser(request);
      const now = new Date();
      const applied = await setDepositLimit(db, userId, request.body, now);
      return { limits: await limitsView(deps, userId, now), applied };
    },
  );

  app.post(
    '/api/limits/trading',
    {
      schema: api(TAGS.account, 'Limits: set, lower (at once), raise or remove (after the cooling-off) a stake or loss limit; the platform enforces it', {
        body: SetTradingLimitRequest,
        response: SetTradingLimitResponse,
      }),
    },
    async (request): Promise<SetTradingLimitResponse> => {
      const userId = requireUser(request);
      return setTradingLimit(deps, userId, request.body, new Date());
    },
  );

  app.get(
    '/api/limits/session',
    { schema: api(TAGS.account, 'Limits: the session-time limit, a waiting change and when this session ends', { response: SessionLimit }) },
    async (request): Promise<SessionLimit> => {
      const userId = requireUser(request);
      return sessionLimitView(db, userId, request.session!.id, new Date());
    },
  );

  app.post(
    '/api/limits/session',
    {
      schema: api(TAGS.account, 'Limits: set or shorten (at once, also for the open sessions), lengthen or remove (after the cooling-off) the session-time limit', {
        body: SetSessionLimitRequest,
        response: SetSessionLimitResponse,
      }),
    },
    async (request): Promise<SetSessionLimitResponse> => {
      const userId = requireUser(request);
      return setSessionLimit(db, userId, request.session!.id, request.body.minutes, new Date());
    },
  );
};
