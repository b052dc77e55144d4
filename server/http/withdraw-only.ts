import type { FastifyRequest } from 'fastify';
import type { SessionRow } from '../db/schema';
import { Refusal } from '../domain/refusal';

/**
 * A session that can only withdraw (issue 30 §3: during a break or self-exclusion sign-in is
 * refused but withdrawals stay open; the trader asks for this kind at sign-in:
 * server/domain/protection/sign-in-gate.ts). Such a session is answered these routes only, as
 * each is declared (`METHOD /url`); every other is 403 session.withdraw_only before its handler
 * runs, so a route added later is closed to it until it is listed here. One table: what the
 * withdraw-only page (src/features/trading/WithdrawOnlyPage.tsx) needs, and no more.
 */
export const WITHDRAW_ONLY_ROUTES: ReadonlySet<string> = new Set([
  // the session itself and the page's shell
  'GET /api/me',
  'GET /api/settings',
  'POST /api/logout',
  // signing in again from this page (a new session, whole once the break has ended)
  'POST /api/login',
  'GET /api/events',
  'GET /api/self-exclusion',
  'GET /api/cashier/locks',
  // withdrawing, its second factor, and cancelling one not paid yet
  'POST /api/withdrawal',
  'POST /api/withdrawal/final',
  'POST /api/triggers/wd',
  'POST /api/triggers/wdr',
  'POST /api/us/pending',
  'POST /api/us/reject',
  'POST /api/fraud/factors_check',
  'POST /api/fraud/two_factors',
  // the saved destinations the withdrawal form offers (read only: none is added during a break)
  'GET /api/withdrawal/destinations',
  // the history and statements (the withdrawal's record)
  'POST /api/us/history',
  'POST /api/us/reports',
  'GET /api/statement',
  // verifying, which a first withdrawal needs (the lock not_verified leads there)
  'GET /api/verification/documents',
  'POST /api/kayako/upload/:kind/:mode',
]);

/** The refusal of a call a withdraw-only session may not make; null when it may (or the session is a whole one). */
export function withdrawOnlyRefusal(request: FastifyRequest, session: SessionRow | null): Refusal | null {
  if (!session?.withdraw_only || session.user_id === null) return null;
  if (WITHDRAW_ONLY_ROUTES.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return null;
  return new Refusal(403, 'session.withdraw_only', 'During your break you can only withdraw. Sign in again when it ends.');
}
