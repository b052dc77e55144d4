import { sql, type Kysely } from 'kysely';

/**
 * Appropriateness (issue 30 §6, core/appropriateness.ts): `appropriateness_tests`, one row per test
 * a trader took (the history is kept: rows are never deleted), numbered per trader (`attempt`, unique
 * with the trader: two submissions at once cannot both be the first). The trader's standing is the
 * latest row: passed, or failed with `risk_accepted_at` once they accepted the risk after the
 * cool-down. `answers` keeps what they chose (question id → option id), for the record.
 *
 * No row is written for existing traders: a real-money trader without one is asked before their
 * next trade (the sandbox's seeded traders get a passed row from the seed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('appropriateness_tests')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('of', 'integer', (c) => c.notNull())
    .addColumn('passed', 'boolean', (c) => c.notNull())
    .addColumn('answers', 'jsonb', (c) => c.notNull())
    .addColumn('taken_at', 'timestamptz', (c) => c.notNull())
    .addColumn('risk_accepted_at', 'timestamptz')
    .addUniqueConstraint('appropriateness_tests_attempt', ['user_id', 'attempt'])
    .addCheckConstraint('appropriateness_tests_accepted_failed', sql`risk_accepted_at is null or not passed`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('appropriateness_tests').execute();
}
