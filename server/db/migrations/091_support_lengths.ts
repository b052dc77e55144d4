import { sql, type Kysely } from 'kysely';

/**
 * The support texts' largest sizes are SUPPORT_LIMITS (core/contract/support.ts), checked by the
 * request contracts before anything is written, so the numbers live in one place. This drops the
 * CHECKs of migration 090 that held copies of them (PostgreSQL named them `<table>_<column>_check`)
 * and keeps only that each text is not empty.
 */
const COPIES: ReadonlyArray<{ table: string; column: string; was: string }> = [
  { table: 'support_tickets', column: 'subject', was: 'length(subject) between 1 and 200' },
  { table: 'support_messages', column: 'content', was: 'length(content) between 1 and 5000' },
  { table: 'support_callbacks', column: 'phone', was: 'length(phone) between 7 and 32' },
  { table: 'support_contacts', column: 'name', was: 'length(name) between 1 and 100' },
  { table: 'support_contacts', column: 'email', was: 'length(email) between 3 and 254' },
  { table: 'support_contacts', column: 'phone', was: 'length(phone) between 7 and 32' },
  { table: 'support_contacts', column: 'message', was: 'length(message) between 1 and 5000' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, column } of COPIES) {
    await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.ref(`${table}_${column}_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_${column}_not_empty`)} check (length(${sql.ref(column)}) > 0)`.execute(db);
  }
}

/** Back to migration 090's schema, its CHECKs as they were written there. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, column, was } of COPIES) {
    await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.ref(`${table}_${column}_not_empty`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_${column}_check`)} check (${sql.raw(was)})`.execute(db);
  }
}
