import { sql, type Kysely } from 'kysely';

/**
 * Complaints (issue 30 §7, docs/complaints.md): the broker's own register of formal complaints,
 * apart from the help desk's tickets (migration 090).
 * - `complaints`: the trader's complaint with its reference (CMP-2026-000123, unique), the
 *   creation's idempotency key (unique per user), the category, subject and text, `open` or
 *   `answered`, when it was made and acknowledged (the same moment), when the final answer is
 *   due, and the final answer (text, when, by whom: all three or none, and only when answered).
 *   The trader's row is kept (no cascade): the register outlives a closed account.
 * - `complaint_counters`: the last number given per year; advanced by one upsert … RETURNING in
 *   the complaint's own transaction, so numbers are consecutive with no gaps (a rolled-back
 *   complaint takes its step back with it).
 * The lengths and the categories are checked by the domain from core/complaints.ts
 * (COMPLAINT_RULES, COMPLAINT_CATEGORIES) before anything is written; no CHECK here holds a copy
 * of them (architecture.md, "Rules in one place"): only that the texts are not empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('complaint_counters')
    .addColumn('year', 'integer', (c) => c.primaryKey().check(sql`year between 2000 and 9999`))
    .addColumn('last', 'integer', (c) => c.notNull().check(sql`last > 0`))
    .execute();

  await db.schema
    .createTable('complaints')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('idem_key', 'text', (c) => c.notNull().check(sql`idem_key ~ '^[A-Za-z0-9_-]{8,64}$'`))
    .addColumn('category', 'text', (c) => c.notNull().check(sql`length(category) > 0`))
    .addColumn('subject', 'text', (c) => c.notNull().check(sql`length(subject) > 0`))
    .addColumn('text', 'text', (c) => c.notNull().check(sql`length(text) > 0`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'answered')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('acknowledged_at', 'timestamptz', (c) => c.notNull())
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.check(sql`answer is null or length(answer) > 0`))
    .addColumn('answered_at', 'timestamptz')
    .addColumn('answered_by', 'text', (c) => c.check(sql`answered_by is null or length(answered_by) > 0`))
    .addUniqueConstraint('complaints_reference_once', ['reference'])
    .addUniqueConstraint('complaints_key_once', ['user_id', 'idem_key'])
    .addCheckConstraint('complaints_answer_whole', sql`(answer is null) = (answered_at is null) and (answer is null) = (answered_by is null)`)
    .addCheckConstraint('complaints_answered_has_answer', sql`(status = 'answered') = (answer is not null)`)
    .addCheckConstraint('complaints_due_after', sql`due_at > created_at`)
    .execute();
  await db.schema.createIndex('complaints_user_created').on('complaints').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('complaints_status_due').on('complaints').columns(['status', 'due_at']).execute();
  await db.schema.createIndex('complaints_created').on('complaints').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('complaints').execute();
  await db.schema.dropTable('complaint_counters').execute();
}
