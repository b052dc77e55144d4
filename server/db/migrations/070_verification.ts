import { sql, type Kysely } from 'kysely';

/**
 * Verification documents: a trader's uploaded scans and signature, kept in the
 * database (bytea) so every instance sees them, PGlite and PostgreSQL alike. The type is the one
 * detected from the content (PNG, JPEG, PDF), never the name or the declared type. A document is
 * a small state machine: uploaded → in_review → approved | rejected (server/domain/verification).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey().check(sql`id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('passport', 'address', 'card_front', 'card_back', 'signature')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('uploaded').check(sql`status in ('uploaded', 'in_review', 'approved', 'rejected')`))
    .addColumn('reason', 'text', (c) => c.check(sql`reason is null or length(reason) <= 500`))
    .addColumn('mime', 'text', (c) => c.notNull().check(sql`mime in ('image/png', 'image/jpeg', 'application/pdf')`))
    .addColumn('size_bytes', 'integer', (c) => c.notNull().check(sql`size_bytes > 0 and size_bytes <= 10485760`))
    .addColumn('sha256', 'text', (c) => c.notNull().check(sql`sha256 ~ '^[0-9a-f]{64}$'`))
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('reviewed_at', 'timestamptz')
    .addCheckConstraint('documents_content_size', sql`octet_length(content) = size_bytes`)
    .addCheckConstraint('documents_rejected_reason', sql`status <> 'rejected' or (reason is not null and length(reason) > 0)`)
    .execute();
  await db.schema.createIndex('documents_user_created').on('documents').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('documents').execute();
}
