import { sql, type Kysely } from 'kysely';

/**
 * The session-time limit (issue 30 §1, docs/limits.md#session-time-limit; rules in
 * core/session-limit.ts):
 * - `session_limits`: the trader's limit in minutes (null: none) and a longer one or a removal
 *   waiting for the end of its cooling-off (`pending_set`, `pending_minutes`, `pending_from`),
 *   as `trader_limits` keeps amounts. The offered values are the domain's to check.
 * - `sessions.limit_ends_at`: when a signed-in session ends under the limit in force at its sign-in
 *   (or a shorter one set since). The session's sliding expiry never passes it, so the one session
 *   read every call already makes ends it: nothing more is read per call.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('session_limits')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('minutes', 'integer', (c) => c.check(sql`minutes is null or minutes > 0`))
    .addColumn('pending_set', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('pending_minutes', 'integer', (c) => c.check(sql`pending_minutes is null or pending_minutes > 0`))
    .addColumn('pending_from', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('session_limits_pending_whole', sql`pending_set = (pending_from is not null) and (pending_set or pending_minutes is null)`)
    .execute();
  await db.schema.alterTable('sessions').addColumn('limit_ends_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('limit_ends_at').execute();
  await db.schema.dropTable('session_limits').execute();
}
