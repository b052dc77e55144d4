import { sql, type Kysely } from 'kysely';

/**
 * Notifications: what happened to a trader's account, stored per trader and shown by
 * the header's bell in the trader's language. A row holds the kind and its parameters (never a
 * rendered text: the client words it in English or Russian); `key` makes a producer idempotent
 * (the same event notified twice is one notification).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind ~ '^[a-z_]+\\.[a-z_]+$' and length(kind) <= 64`))
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('key', 'text', (c) => c.check(sql`key is null or length(key) <= 128`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('notifications_user_created').on('notifications').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('notifications_user_key').on('notifications').columns(['user_id', 'key']).unique().where(sql.ref('key'), 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
}
