import { CashierLocks } from '../../core/contract/cashier-locks';
import { cashierLocks } from '../domain/protection/cashier-locks';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';
import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';

/**
 * GET /api/cashier/locks (issue 30 §4; reasons in core/cashier-locks.ts): what locks a deposit, a
 * withdrawal or trading for the signed-in trader now, each with its message's facts. The funding
 * and withdrawal pages show them before the trader types anything.
 */
export const cashierLockRoutes: RoutePlugin<RouteDeps> = async (app, { db, platform }) => {
  app.get('/api/cashier/locks', { schema: api(TAGS.account, 'What locks deposits, withdrawals or trading now, each with its reason', { response: CashierLocks }) }, async (request): Promise<CashierLocks> => {
    const userId = requireUser(request);
    return cashierLocks({ db, platform }, userId, new Date());
  });
};
