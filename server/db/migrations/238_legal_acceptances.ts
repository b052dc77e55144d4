import { sql, type Kysely } from 'kysely';

/**
 * The legal documents a trader accepted (issue 30 §5, docs/legal-documents.md): one row per
 * document and version, with when and in which language it was shown. Registration writes the
 * current versions in the transaction that creates the user; POST /api/legal/accept writes the
 * versions a trader accepted when asked again. Which documents and versions exist is
 * core/legal/versions.ts (not a CHECK here): a trader with no row for a document counts as having
 * accepted its version 1 (LEGAL_BASELINE_VERSION), the terms in force when every trader before
 * this migration opened their account, so nobody is asked until a version 2 is published.
 * `source`: how it was accepted (registration, social registration, demo, asked again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('legal_acceptances')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('document', 'text', (c) => c.notNull().check(sql`length(document) between 1 and 40`))
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 0`))
    .addColumn('lang', 'text', (c) => c.notNull().check(sql`length(lang) between 2 and 5`))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`length(source) between 1 and 20`))
    .addColumn('accepted_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('legal_acceptances_once').on('legal_acceptances').columns(['user_id', 'document', 'version']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('legal_acceptances').execute();
}
