import { sql, type Kysely } from 'kysely';

/**
 * Recovery codes of the authenticator factor (issue 31 §4; server/domain/security/recovery-codes.ts):
 * the codes given when the authenticator is turned on or new ones are asked for, stored only as
 * the SHA-256 of the user and the code. A code is spent by setting `used_at` (one conditional
 * update, so it signs in once under any concurrency); new codes and turning the factor off set
 * `voided_at` on the ones left. The partial index finds a trader's live codes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('used_at', 'timestamptz')
    .addColumn('voided_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('recovery_codes_live').on('recovery_codes').columns(['user_id', 'code_hash']).where(sql<boolean>`used_at is null and voided_at is null`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recovery_codes').execute();
}
