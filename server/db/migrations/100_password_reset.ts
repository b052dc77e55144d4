import { sql, type Kysely } from 'kysely';

/**
 * Forgot password (docs/forgot-password.md):
 * - `password_reset_tokens`: one emailed link each; only the SHA-256 (hex) of its token is stored.
 *   It works until `expires_at` (30 minutes), once (`used_at`, set by a conditional UPDATE), and
 *   stops when a newer link is asked for or the password is reset (`revoked_at`).
 * - `password_reset_requests`: every accepted or refused ask, by normalised email and client
 *   address, so the limits per email and per address hold across restarts and instances (the
 *   email is recorded whether or not it has an account).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique().check(sql`token_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addCheckConstraint('password_reset_tokens_window', sql`expires_at > created_at`)
    .execute();
  await db.schema.createIndex('password_reset_tokens_user').on('password_reset_tokens').column('user_id').execute();

  await db.schema
    .createTable('password_reset_requests')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('sent', 'limited')`))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_reset_requests_email_at').on('password_reset_requests').columns(['email', 'at']).execute();
  await db.schema.createIndex('password_reset_requests_ip_at').on('password_reset_requests').columns(['ip', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_reset_requests').execute();
  await db.schema.dropTable('password_reset_tokens').execute();
}
