import { sql, type Kysely } from 'kysely';

/**
 * IQ mining (docs/engagement.md "IQ mining"): one row per trader, the quiz's state held
 * by the server: when it started (the spec's iq_start), the answers given in order (option ids),
 * whether every one was right, when it finished and the ledger transaction of the reward (paid
 * once: the row is the once, the ledger key `iq:{userId}` the second guard).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('iq_mining')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('answers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`).check(sql`jsonb_typeof(answers) = 'array' and jsonb_array_length(answers) <= 5`))
    .addColumn('all_right', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('reward_tx', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('iq_mining').execute();
}
