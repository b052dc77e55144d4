import * as z from 'zod/mini';
import { UPLOAD_MIMES } from '../upload';

/**
 * Verification: the documents a trader sends, their review, and the signature.
 * The server decides which documents are needed and who may upload (spec 001 §5); the page
 * only shows what it is told.
 */
/** `receipt`: a bank transfer's receipt, stored the same way, never asked for by the verification page */
export const DocumentKind = z.enum(['passport', 'address', 'card_front', 'card_back', 'signature', 'receipt']);
export type DocumentKind = z.infer<typeof DocumentKind>;

/** uploaded → in_review → approved | rejected (a small state machine on the server) */
export const DocumentStatus = z.enum(['uploaded', 'in_review', 'approved', 'rejected']);
export type DocumentStatus = z.infer<typeof DocumentStatus>;

/** the types of core/upload.ts UPLOAD_TYPES (PNG, JPEG and PDF), read from the content on the server */
export const DocumentMime = z.enum(UPLOAD_MIMES);
export type DocumentMime = z.infer<typeof DocumentMime>;

/** Every kind stored: the above and `attachment`, a support ticket's staged or sent attachment, never on the verification page. */
export const StoredDocumentKind = z.enum([...DocumentKind.options, 'attachment']);
export type StoredDocumentKind = z.infer<typeof StoredDocumentKind>;

/** One stored document as its owner sees it (never its content; that is GET /upload/{id}). */
export const VerificationDocument = z.object({
  id: z.string(),
  kind: StoredDocumentKind,
  status: DocumentStatus,
  /** the reviewer's reason, for a rejected document */
  reason: z.nullable(z.string()),
  mime: DocumentMime,
  size: z.number(),
  sha256: z.string(),
  created_at: z.string(),
  reviewed_at: z.nullable(z.string()),
});
export type VerificationDocument = z.infer<typeof VerificationDocument>;

/**
 * GET /api/verification/documents: everything the personal page shows.
 * - `required`: the documents this trader needs, in order (verification_type, passport by
 *   default; proof of address; card front and back once they have paid by card);
 * - `canUpload`: spec 001 §5 (has withdrawal methods and has deposited, or can_upload);
 * - `canSign`: already signed, can_upload, or under the trading block (they must sign to trade);
 * - `fileMax`: how many files one upload control takes (file-max, default 1).
 */
export const VerificationState = z.object({
  verification: z.string(),
  verification_type: z.string(),
  required: z.array(DocumentKind),
  documents: z.array(VerificationDocument),
  canUpload: z.boolean(),
  canSign: z.boolean(),
  signed: z.boolean(),
  /** the newest saved signature, shown back at GET /upload/{id} */
  signatureId: z.nullable(z.string()),
  fileMax: z.number(),
  maxBytes: z.number(),
});
export type VerificationState = z.infer<typeof VerificationState>;

/** POST /upload and POST /api/kayako/upload/{kind}/no: 'Upload successful' and the stored document */
export const UploadResponse = z.object({ message: z.string(), document: VerificationDocument });
export type UploadResponse = z.infer<typeof UploadResponse>;

/** POST /api/kayako/upload/{kind}/unshift: the trader takes back their newest document of that kind not yet in review */
export const UnshiftResponse = z.object({ ok: z.literal(true), removed: z.nullable(z.string()) });
export type UnshiftResponse = z.infer<typeof UnshiftResponse>;
