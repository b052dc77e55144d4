import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { sameSecret } from '../domain/tokens';
import { HttpError } from './errors';

/** The header a sandbox operator sends with config.sandboxOperatorToken (printed at start). */
export const SANDBOX_OPERATOR_HEADER = 'x-sandbox-operator';

/** Whether the request carries the sandbox operator token (sandbox mode only). */
export function isSandboxOperator(request: FastifyRequest, config: Config): boolean {
  const sent = request.headers[SANDBOX_OPERATOR_HEADER];
  return config.sandbox && config.sandboxOperatorToken !== '' && typeof sent === 'string' && sent !== '' && sameSecret(sent, config.sandboxOperatorToken);
}

/**
 * The users each session made with POST /api/sandbox/fresh-user: the tester who made a user may
 * act on it before signing in as it (fund it, verify it, get its sign-in link). In memory, per
 * process, at most MAX_SESSIONS sessions (the oldest forgotten first): a sandbox convenience.
 */
const madeBy = new Map<string, Set<number>>();
const MAX_SESSIONS = 10_000;

export function rememberMadeBy(request: FastifyRequest, userId: number): void {
  const session = request.session?.id;
  if (!session) return;
  const users = madeBy.get(session) ?? new Set<number>();
  users.add(userId);
  madeBy.delete(session);
  madeBy.set(session, users);
  while (madeBy.size > MAX_SESSIONS) madeBy.delete(madeBy.keys().next().value!);
}

/**
 * A sandbox helper that acts on a user's object (their withdrawal, invoice, verification,
 * platform account, sign-in link) runs for: the sandbox operator (token), the signed-in owner,
 * or the session that made that user with fresh-user. Anyone else: 403 `sandbox.not_yours`,
 * before anything is read or written (an unknown object answers the same: nothing is revealed).
 */
export function requireSandboxAccess(request: FastifyRequest, config: Config, ownerId: number | null | undefined, what: string): void {
  if (isSandboxOperator(request, config)) return;
  const session = request.session;
  if (session && ownerId !== null && ownerId !== undefined) {
    if (session.user_id === ownerId) return;
    if (madeBy.get(session.id)?.has(ownerId)) return;
  }
  throw new HttpError(
    403,
    'sandbox.not_yours',
    `This sandbox helper acts only on your own ${what}: sign in as its owner, or send the sandbox operator token in the ${SANDBOX_OPERATOR_HEADER} header.`,
  );
}
