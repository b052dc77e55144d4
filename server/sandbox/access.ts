import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import '../db/schema-sandbox-shared';
import type { Db } from '../db';
import { sameSecret } from '../domain/tokens';
import { Refusal } from '../domain/refusal';

/** The header a sandbox operator sends with config.sandboxOperatorToken (printed at start). */
export const SANDBOX_OPERATOR_HEADER = 'x-sandbox-operator';

/** Whether the request carries the sandbox operator token (sandbox mode only). */
export function isSandboxOperator(request: FastifyRequest, config: Config): boolean {
  const sent = request.headers[SANDBOX_OPERATOR_HEADER];
  return config.sandbox && config.sandboxOperatorToken !== '' && typeof sent === 'string' && sent !== '' && sameSecret(sent, config.sandboxOperatorToken);
}

/**
 * The users each session made with POST /api/sandbox/fresh-user: the tester who made a user may
 * act on it before signing in as it (fund it, verify it, get its sign-in link). In the database
 * (`sandbox_made_by`, migration 200), so every instance agrees; a row goes with its session (or
 * its user): the housekeeping's purge of expired sessions removes it.
 */
export async function rememberMadeBy(db: Db, request: FastifyRequest, userId: number): Promise<void> {
  const session = request.session?.id;
  if (!session) return;
  // from the session's row: a session ended meanwhile (signed out) makes no row, and no error
  await db
    .insertInto('sandbox_made_by')
    .columns(['session_id', 'user_id'])
    .expression(
      db
        .selectFrom('sessions')
        .select((eb) => [eb.ref('sessions.id').as('session_id'), eb.val(userId).as('user_id')])
        .where('sessions.id', '=', session),
    )
    .onConflict((oc) => oc.columns(['session_id', 'user_id']).doNothing())
    .execute();
}

async function madeBy(db: Db, sessionId: string, userId: number): Promise<boolean> {
  const row = await db.selectFrom('sandbox_made_by').select('user_id').where('session_id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/**
 * A sandbox helper that acts on a user's object (their withdrawal, invoice, verification,
 * platform account, sign-in link) runs for: the sandbox operator (token), the signed-in owner,
 * or the session that made that user with fresh-user. Anyone else: 403 `sandbox.not_yours`,
 * before anything is read or written (an unknown object answers the same: nothing is revealed).
 */
export async function requireSandboxAccess(db: Db, request: FastifyRequest, config: Config, ownerId: number | null | undefined, what: string): Promise<void> {
  if (isSandboxOperator(request, config)) return;
  const session = request.session;
  if (session && ownerId !== null && ownerId !== undefined) {
    if (session.user_id === ownerId) return;
    if (await madeBy(db, session.id, ownerId)) return;
  }
  throw new Refusal(
    403,
    'sandbox.not_yours',
    `This sandbox helper acts only on your own ${what}: sign in as its owner, or send the sandbox operator token in the ${SANDBOX_OPERATOR_HEADER} header.`,
  );
}
