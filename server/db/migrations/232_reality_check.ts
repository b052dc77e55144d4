import { sql, type Kysely } from 'kysely';

/**
 * The reality check (issue 30 §2, docs/limits.md#reality-check): the interval a trader picked, in
 * minutes (0: off). A trader without a row gets their country's default (core/reality-check.ts);
 * the offered values are the domain's to check (no CHECK copies REALITY_CHECK_CHOICES).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reality_checks')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('minutes', 'integer', (c) => c.notNull().check(sql`minutes >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reality_checks').execute();
}
