import { sql, type Kysely } from 'kysely';

/**
 * The withdrawal address book (issue 31 §6; rules in core/address-book.ts):
 * - `withdrawal_destinations`: a trader's saved payout destinations (method, address or account,
 *   tag, label); the emailed confirmation link (only its SHA-256, expiring, used once); when it was
 *   confirmed and from when it can be used (the hold); removed ones keep their row (`removed_at`),
 *   and a destination is saved once while it is not removed.
 * - `withdrawal_destination_settings`: "withdraw only to saved destinations", and when a switch-off
 *   takes effect (a switch-off waits the hold, as a new destination does).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('withdrawal_destinations')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('wallet', 'text', (c) => c.notNull())
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('token_expires_at', 'timestamptz')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('usable_at', 'timestamptz')
    .addColumn('removed_at', 'timestamptz')
    .addCheckConstraint('withdrawal_destinations_usable_after_confirm', sql`(confirmed_at is null) = (usable_at is null)`)
    .execute();
  await sql`create unique index withdrawal_destinations_once on withdrawal_destinations (user_id, method, wallet, alt) where removed_at is null`.execute(db);

  await db.schema
    .createTable('withdrawal_destination_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('saved_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('saved_only_ends_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('withdrawal_destination_settings').execute();
  await db.schema.dropTable('withdrawal_destinations').execute();
}
