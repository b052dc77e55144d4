import { createHash, randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { DocumentKind, DocumentMime, DocumentRow, DocumentStatus } from '../../db/schema-verification';
import { toCount } from '../../db/values';
import type { DbOrTx } from '../ledger';
import { isUploadMime, megabytes, SIGNATURE_MIMES, UPLOAD_MAX_BYTES, UPLOAD_MIMES } from '../../../core/upload';
import { Refusal } from '../refusal';

/**
 * Verification documents (the server half): stored in the database with their owner,
 * kind, detected type, size and SHA-256; read only by their owner; uploads limited per account
 * (counted in the database, so the limit holds across restarts and instances); and the review's
 * state machine, enforced by conditional UPDATEs.
 */

/** the kinds a trader uploads for verification (not a bank receipt, not a support attachment) */
export type VerificationKind = Exclude<DocumentKind, 'receipt' | 'attachment'>;
export const DOCUMENT_KINDS: readonly VerificationKind[] = ['passport', 'address', 'card_front', 'card_back', 'signature'];
export const DOCUMENT_MIMES: readonly DocumentMime[] = UPLOAD_MIMES;
/** 10 MB (001 §5, §8): the one upload size of core/upload.ts */
export const DOCUMENT_MAX_BYTES = UPLOAD_MAX_BYTES;
/** at most `perWindow` stored uploads per account in `windowMs` */
export const UPLOAD_LIMIT = { perWindow: 20, windowMs: 60 * 60_000 } as const;
export type UploadLimit = { perWindow: number; windowMs: number };

/** Which state may follow which: uploaded → in_review → approved | rejected, nothing else. */
export const DOCUMENT_TRANSITIONS: Readonly<Record<DocumentStatus, readonly DocumentStatus[]>> = {
  uploaded: ['in_review'],
  in_review: ['approved', 'rejected'],
  approved: [],
  rejected: [],
};

/** The kinds the verification and bank areas store and list; `attachment` (support) is stored by storeAttachment. */
export type StoredKind = Exclude<DocumentKind, 'attachment'>;

/** What a trader sees of a document: never its content. */
export interface DocumentSummary {
  id: string;
  kind: StoredKind;
  status: DocumentStatus;
  reason: string | null;
  mime: DocumentMime;
  size: number;
  sha256: string;
  created_at: string;
  reviewed_at: string | null;
}

export interface DocumentFile {
  id: string;
  kind: DocumentKind;
  mime: DocumentMime;
  content: Buffer;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** a document id (a random UUID); anything else names no document */
export const isDocumentId = (value: string): boolean => UUID.test(value);

export const isDocumentKind = (value: unknown): value is VerificationKind => typeof value === 'string' && (DOCUMENT_KINDS as readonly string[]).includes(value);

/** a file over the one upload size, its size from that constant */
export const tooLarge = () => new Refusal(413, 'upload.too_large', `File Too Large, max file size ${megabytes(UPLOAD_MAX_BYTES)}Mb.`);
const wrongType = () => new Refusal(415, 'upload.type', 'File type is not [ PNG, JPG, JPEG, PDF ]! The file content must be a PNG, JPEG or PDF.');
const wrongSignatureType = () => new Refusal(415, 'upload.type', 'A signature must be a PNG or JPEG image.');
const notFound = () => new Refusal(404, 'not_found', 'No such document.');

/** The type of `bytes` read from the content (magic numbers), or a 415 refusal: PNG, JPEG and PDF only. */
export async function detectDocumentMime(bytes: Uint8Array): Promise<DocumentMime> {
  const found = await fileTypeFromBuffer(bytes);
  const mime = found?.mime;
  if (!isUploadMime(mime)) throw wrongType();
  return mime;
}

function summary(row: Omit<DocumentRow, 'content' | 'user_id' | 'name'>): DocumentSummary {
  return {
    id: row.id,
    // every query that reaches here leaves attachments out (listDocuments, moveDocument) or stored another kind
    kind: row.kind as StoredKind,
    status: row.status,
    reason: row.reason,
    mime: row.mime,
    size: row.size_bytes,
    sha256: row.sha256,
    created_at: new Date(row.created_at).toISOString(),
    reviewed_at: row.reviewed_at ? new Date(row.reviewed_at).toISOString() : null,
  };
}

const since = (at: Date, ms: number) => sql<Date>`${at}::timestamptz - make_interval(secs => ${ms / 1000})`;

/** Refuses (429 upload.too_many, Retry-After) when the account has stored `perWindow` uploads in the window. */
export async function checkUploadLimit(db: DbOrTx, userId: number, now: Date = new Date(), limit: UploadLimit = UPLOAD_LIMIT): Promise<void> {
  const row = await db
    .selectFrom('documents')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('user_id', '=', userId)
    .where('created_at', '>', since(now, limit.windowMs))
    .executeTakeFirstOrThrow();
  if (toCount(row.n as bigint | string | number) < limit.perWindow) return;
  const oldest = row.oldest ? new Date(row.oldest as Date).getTime() : now.getTime();
  const seconds = Math.max(1, Math.ceil((oldest + limit.windowMs - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  throw new Refusal(429, 'upload.too_many', `Too many uploads. You can upload ${limit.perWindow} files an hour; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    headers: { 'retry-after': String(seconds) },
  });
}

export interface NewDocument {
  userId: number;
  kind: StoredKind;
  bytes: Uint8Array;
  /** the type detected from the content (detectDocumentMime) */
  mime: DocumentMime;
}

/**
 * Stores a document. The size, the type and the limit are checked again here; the limit is
 * counted under a lock on the user's row, so parallel uploads cannot slip past it.
 */
export async function storeDocument(db: Db, input: NewDocument, limit: UploadLimit = UPLOAD_LIMIT, now: Date = new Date()): Promise<DocumentSummary> {
  if (!isDocumentKind(input.kind) && input.kind !== 'receipt') throw new Refusal(400, 'upload.kind', `Unknown document type. Choose one of: ${DOCUMENT_KINDS.join(', ')}.`);
  return summary(await insertDocument(db, { ...input, name: null }, limit, now));
}

/** A support attachment as its ticket shows it (never its content). */
export interface StoredAttachment {
  id: string;
  name: string;
  mime: DocumentMime;
  size: number;
  sha256: string;
  created_at: string;
}

/**
 * Stores a support ticket's attachment: the same checks and per-account limit as every
 * upload, kind `attachment`, with its sanitised file name. It never lifts the trading block and
 * never shows on the verification page. Until a ticket or reply links it, it is staged.
 */
export async function storeAttachment(
  db: Db,
  input: { userId: number; bytes: Uint8Array; mime: DocumentMime; name: string },
  limit: UploadLimit = UPLOAD_LIMIT,
  now: Date = new Date(),
): Promise<StoredAttachment> {
  const row = await insertDocument(db, { ...input, kind: 'attachment' }, limit, now);
  return { id: row.id, name: row.name ?? input.name, mime: row.mime, size: row.size_bytes, sha256: row.sha256, created_at: new Date(row.created_at).toISOString() };
}

/** The one store of every uploaded file: size, type by content, the per-account limit under a lock on the user's row. */
async function insertDocument(db: Db, input: { userId: number; kind: DocumentKind; bytes: Uint8Array; mime: DocumentMime; name: string | null }, limit: UploadLimit, now: Date) {
  if (input.bytes.byteLength === 0) throw new Refusal(400, 'upload.empty', 'The file is empty.');
  if (input.bytes.byteLength > DOCUMENT_MAX_BYTES) throw tooLarge();
  if ((await detectDocumentMime(input.bytes)) !== input.mime) throw wrongType();
  if (input.kind === 'signature' && !SIGNATURE_MIMES.includes(input.mime)) throw wrongSignatureType();
  const content = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  const sha256 = createHash('sha256').update(content).digest('hex');
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', input.userId).forUpdate().executeTakeFirstOrThrow();
    await checkUploadLimit(trx, input.userId, now, limit);
    const row = await trx
      .insertInto('documents')
      .values({ id: randomUUID(), user_id: input.userId, kind: input.kind, mime: input.mime, size_bytes: content.byteLength, sha256, content, created_at: now, name: input.name })
      .returning(['id', 'kind', 'status', 'reason', 'mime', 'size_bytes', 'sha256', 'created_at', 'reviewed_at', 'name'])
      .executeTakeFirstOrThrow();
    // a saved signature or document lifts the trading block (spec 002 §4), in the same transaction; a transfer receipt or a support attachment does not
    if (input.kind !== 'receipt' && input.kind !== 'attachment') await trx.updateTable('users').set({ sign: true }).where('id', '=', input.userId).where('sign', '=', false).execute();
    return row;
  });
}

/**
 * The trader takes back their newest document of `kind` that is still 'uploaded' (one in review
 * or reviewed stays): deleted by a conditional DELETE, so a review that started meanwhile wins.
 * The removed document's id, or null when there was none.
 */
export async function unshiftDocument(db: DbOrTx, userId: number, kind: DocumentKind): Promise<string | null> {
  const newest = await db
    .selectFrom('documents')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('status', '=', 'uploaded')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!newest) return null;
  const removed = await db.deleteFrom('documents').where('id', '=', newest.id).where('user_id', '=', userId).where('status', '=', 'uploaded').returning('id').executeTakeFirst();
  return removed?.id ?? null;
}

/** The trader's documents, newest first, without their content. */
export async function listDocuments(db: DbOrTx, userId: number): Promise<DocumentSummary[]> {
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'kind', 'status', 'reason', 'mime', 'size_bytes', 'sha256', 'created_at', 'reviewed_at'])
    .where('user_id', '=', userId)
    // transfer receipts belong to their bank deposit, support attachments to their ticket: not to the verification page
    .where('kind', 'not in', ['receipt', 'attachment'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(summary);
}

/** One document with its content, for its owner only: any other trader (or a bad id) gets 404. */
export async function readDocument(db: Db, userId: number, id: string): Promise<DocumentFile> {
  if (!UUID.test(id)) throw notFound();
  const row = await db.selectFrom('documents').select(['id', 'kind', 'mime', 'content']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound();
  return { id: row.id, kind: row.kind, mime: row.mime, content: Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength) };
}

/**
 * Moves a document along the review (uploaded → in_review → approved | rejected). The UPDATE is
 * conditional on the current state, so a move that is not allowed (or lost a race) changes
 * nothing and is refused with 409 document.transition. A rejection needs a reason.
 */
export async function moveDocument(db: DbOrTx, id: string, to: DocumentStatus, reason: string | null = null, now: Date = new Date()): Promise<DocumentSummary> {
  const from = (Object.keys(DOCUMENT_TRANSITIONS) as DocumentStatus[]).filter((state) => DOCUMENT_TRANSITIONS[state].includes(to));
  const text = reason?.trim() ?? '';
  if (to === 'rejected' && text === '') throw new Refusal(400, 'document.reason', 'Say why the document is rejected.');
  if (text.length > 500) throw new Refusal(400, 'document.reason', 'The reason is too long (500 characters at most).');
  if (!UUID.test(id) || from.length === 0) throw new Refusal(409, 'document.transition', `A document cannot move to ${to}.`);
  const row = await db
    .updateTable('documents')
    .set({ status: to, reason: to === 'rejected' ? text : null, reviewed_at: to === 'in_review' ? null : now })
    .where('id', '=', id)
    // a support attachment is never reviewed
    .where('kind', '<>', 'attachment')
    .where('status', 'in', from)
    .returning(['id', 'kind', 'status', 'reason', 'mime', 'size_bytes', 'sha256', 'created_at', 'reviewed_at'])
    .executeTakeFirst();
  if (!row) {
    const current = await db.selectFrom('documents').select('status').where('id', '=', id).executeTakeFirst();
    if (!current) throw notFound();
    throw new Refusal(409, 'document.transition', `A document that is ${current.status.replace('_', ' ')} cannot move to ${to.replace('_', ' ')}.`);
  }
  return summary(row);
}
