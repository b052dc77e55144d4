import { sql, type Kysely } from 'kysely';

/**
 * Scripted sandbox outcomes (docs/sandbox.md "Scripted outcomes"): a tester tells the
 * sandbox what a third party answers next for one trader. Each row is one step, used once:
 *
 * - `area` 'card': the next processor start of this trader that matches `processor` (a name) or
 *   `position` (1-based place in the payment's cascade; null matches any) answers `outcome`;
 *   the attempt that used it is `used_uid`, and its listen checks and page follow the same
 *   outcome.
 * - `area` 'withdrawal': the trader's next withdrawal request is refused by the payout provider
 *   (`fail`) or, once held, paid (`approve`) or rejected (`reject`) at once.
 *
 * Only sandbox mode writes or reads this table (the routes and the scripted gateway exist only
 * there); a production database has it empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_scripts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('area', 'text', (c) => c.notNull().check(sql`area in ('card', 'withdrawal')`))
    .addColumn('processor', 'text')
    .addColumn('position', 'integer', (c) => c.check(sql`position between 1 and 20`))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('used_uid', 'text', (c) => c.unique())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index sandbox_scripts_waiting on sandbox_scripts (user_id, area, id) where used_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_scripts').execute();
}
