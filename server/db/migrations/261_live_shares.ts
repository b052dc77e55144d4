import { sql, type Kysely } from 'kysely';

/**
 * Live sessions shared by link (issue 34 §2, server/domain/explorer/live-shares.ts): the JSON the
 * explorer's Save session writes, under a random id, kept LIVE_SHARE_DAYS (deleted as new ones come).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('explorer_live_shares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('body', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('explorer_live_shares').execute();
}
