import type { Kysely } from 'kysely';

/**
 * Active sessions in the security centre (issue 31 §2): a signed-in session records the IP the
 * server saw at sign-in (behind TRUST_PROXY, the client's), a device label read from the user
 * agent at sign-in (server/domain/security/device-label.ts; the agent itself is not kept), and
 * when it was last used (moved with the sliding expiry, at most once a minute).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('ip', 'text')
    .addColumn('device', 'text')
    .addColumn('last_seen_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('last_seen_at').dropColumn('device').dropColumn('ip').execute();
}
