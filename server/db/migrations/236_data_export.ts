import { sql, type Kysely } from 'kysely';

/**
 * "Download my data" (issue 30 §9, docs/data-export.md): `data_exports`, one row per export the
 * trader asked for. The job gathers the sections in the background (in-process) and writes its
 * progress (`done` of `total`) on the row; the finished JSON is held in `payload` until the one
 * download (which empties it in the same transaction) or until it expires unread.
 *
 * `lease_until` makes the job restart-safe: the instance working on it extends the lease after
 * each section; a job still `running` with its lease run out was left by a stopped process and is
 * taken up again by the next tick (or marked failed after core/data-export.ts's `maxAttempts`).
 * One running export per trader: the partial unique index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('running', 'ready', 'downloaded', 'failed', 'expired')`))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', 'timestamptz')
    .addColumn('payload', 'text')
    .addColumn('size_bytes', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ready_at', 'timestamptz')
    .addColumn('downloaded_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('data_exports_user_created').on('data_exports').columns(['user_id', 'created_at']).execute();
  await sql`create unique index data_exports_one_running on data_exports (user_id) where status = 'running'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_exports').execute();
}
