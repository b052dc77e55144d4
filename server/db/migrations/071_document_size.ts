import { sql, type Kysely } from 'kysely';

/**
 * The largest document is DOCUMENT_MAX_BYTES (server/domain/verification/documents.ts), enforced
 * by the upload routes and storeDocument before anything is written, so the number lives in one
 * place. This drops the CHECK of migration 070 that held a copy of it (PostgreSQL named it
 * `<table>_<column>_check`) and keeps only that a document is not empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents drop constraint if exists documents_size_bytes_check`.execute(db);
  await sql`alter table documents add constraint documents_size_bytes_positive check (size_bytes > 0)`.execute(db);
}

/** Back to migration 070's schema, its CHECK as it was written there. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents drop constraint if exists documents_size_bytes_positive`.execute(db);
  await sql`alter table documents add constraint documents_size_bytes_check check (size_bytes > 0 and size_bytes <= 10485760)`.execute(db);
}
