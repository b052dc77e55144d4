import type { ColumnType, Selectable } from 'kysely';
import type { CreatedAt } from './schema';
import type { DocumentMime, DocumentStatus, StoredDocumentKind } from '../../core/contract/verification';

/**
 * Tables of verification (migration 070_verification). They join the Database interface by
 * module augmentation, so this area's tables live in this file.
 */
/**
 * The kinds, states and types of core/contract/verification.ts: `receipt` is a bank transfer's
 * receipt (migration 082) and `attachment` a support ticket's (migration 090), stored like a
 * document, never on the verification page; uploaded → in_review → approved | rejected, no other
 * move (server/domain/verification/documents.ts); the type is detected from the content, never
 * the declared one.
 */
export type { DocumentMime, DocumentStatus };
export type DocumentKind = StoredDocumentKind;

export interface DocumentsTable {
  /** a random UUID (text) */
  id: ColumnType<string, string, never>;
  user_id: ColumnType<number, number, never>;
  kind: ColumnType<DocumentKind, DocumentKind, never>;
  status: ColumnType<DocumentStatus, DocumentStatus | undefined, DocumentStatus>;
  /** the reviewer's reason (required when rejected) */
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  mime: ColumnType<DocumentMime, DocumentMime, never>;
  size_bytes: ColumnType<number, number, never>;
  /** hex SHA-256 of the content */
  sha256: ColumnType<string, string, never>;
  /** the file (bytea): PGlite reads it as Uint8Array, pg as Buffer */
  content: ColumnType<Uint8Array, Uint8Array, never>;
  created_at: CreatedAt;
  /** the sanitised file name of a support attachment (migration 090); null for other kinds */
  name: ColumnType<string | null, string | null | undefined, never>;
  reviewed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type DocumentRow = Selectable<DocumentsTable>;

declare module './schema' {
  interface Database {
    documents: DocumentsTable;
  }
}
