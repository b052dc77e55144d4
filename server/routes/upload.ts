import multipart from '@fastify/multipart';
import { FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../http/session';
import type { UnshiftResponse, UploadResponse, VerificationState } from '../../core/contract/verification';
import type { DocumentKind } from '../db/schema-verification';
import {
  checkUploadLimit,
  detectDocumentMime,
  DOCUMENT_KINDS,
  DOCUMENT_MAX_BYTES,
  isDocumentId,
  isDocumentKind,
  readDocument,
  storeDocument,
  tooLarge,
  unshiftDocument,
  type DocumentFile,
} from '../domain/verification/documents';
import { requireAnyUploadAllowed, requireKindAllowed, verificationState, type VerificationFacts } from '../domain/verification/state';
import type { RouteDeps } from './deps';
import { Refusal } from '../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';
import { UPLOAD_TYPES } from '../../core/upload';

/** the served file runs nothing and loads nothing */
export const DOCUMENT_CSP = "default-src 'none'; sandbox";


/** The `signature` field (spec 001 §8, "signature data"): a data URL of the drawn image, at most this long. */
export const SIGNATURE_FIELD_MAX = 1.5 * 1024 * 1024;
const SIGNATURE_DATA_URL = /^data:image\/(?:png|jpeg);base64,([A-Za-z0-9+/]*={0,2})$/;

/** The bytes of a signature sent as a data URL: empty → 400 'Cant save empty sign!', not a base64 image data URL → 400. The type is still read from the bytes. */
export function signatureBytes(value: string): Buffer {
  const text = value.trim();
  if (text === '' || /^data:[^,]*,\s*$/.test(text)) throw new Refusal(400, 'upload.empty', 'Cant save empty sign!');
  const match = SIGNATURE_DATA_URL.exec(text.replace(/\s+/g, ''));
  if (!match) throw new Refusal(400, 'upload.signature', 'Send the signature as image data: data:image/png;base64,…');
  const bytes = Buffer.from(match[1], 'base64');
  if (bytes.length === 0) throw new Refusal(400, 'upload.empty', 'Cant save empty sign!');
  return bytes;
}

const badRequest = () => new Refusal(400, 'upload.bad_request', 'Send the file as multipart/form-data with the fields type or doc_type and file.');

/**
 * Reads one multipart file as it streams, stopping at 10 MB (413): the rest of a too large file is
 * never held. Shared by every upload route (documents, signatures, transfer receipts).
 */
export async function readUploadedFile(file: AsyncIterable<Buffer> & { truncated: boolean }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    size += chunk.length;
    if (size > DOCUMENT_MAX_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  if (file.truncated) throw tooLarge();
  return Buffer.concat(chunks, size);
}

/** Multipart errors of @fastify/multipart as answers (the file's size limit is 413, the rest 400). */
export function multipartError(error: unknown): Refusal | null {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return new Refusal(400, 'upload.count', 'Send one file per upload.');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return new Refusal(400, 'upload.bad_request', 'Too many form fields: send type or doc_type and the file (or the signature).');
  if (code.startsWith('FST_')) return badRequest();
  return null;
}

/**
 * Verification uploads (the server half). `POST /upload` and
 * `POST /api/kayako/upload/{kind}/no` (multipart: `type` or `doc_type` and the file, or for a
 * signature the field `signature` holding a data URL; CSRF like every state-changing call) read
 * the file as a stream and stop at 10 MB (413), check who may upload (403 upload.not_allowed,
 * before the file is stored), check the type by content (PNG, JPEG, PDF; a signature PNG or
 * JPEG; otherwise 415), store it and set users.sign (002 §4), and push user.updated to the owner.
 * `POST /api/kayako/upload/{kind}/unshift` takes back the newest not-yet-reviewed document of a
 * kind. `GET /upload/:id` serves a file to its owner only; `GET /api/verification/documents`
 * answers the page's VerificationState.
 */
export const uploadRoutes: RoutePlugin<RouteDeps> = async (app, { db, push }) => {
  // fields: type, doc_type and the signature data URL (the largest field); files: one
  await app.register(multipart, { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 4, fieldSize: SIGNATURE_FIELD_MAX, parts: 6, headerPairs: 50 } });

  /** The kind of an upload: the path's (kayako), else doc_type or type; a lone signature field is a signature. */
  const kindOf = (fields: Record<string, string>, pathKind: DocumentKind | undefined): string | undefined =>
    pathKind ?? (fields.doc_type || fields.type || (fields.signature !== undefined ? 'signature' : undefined));

  /** Reads the multipart body: the fields and the one file, the file counted while streaming. */
  async function readParts(request: FastifyRequest, facts: VerificationFacts, pathKind: DocumentKind | undefined): Promise<{ fields: Record<string, string>; file: Buffer | null }> {
    const fields: Record<string, string> = {};
    let file: Buffer | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.valueTruncated) {
            throw part.fieldname === 'signature'
              ? new Refusal(413, 'upload.too_large', 'The signature is too large (1.5 MB of image data at most).')
              : new Refusal(400, 'upload.bad_request', `The field ${part.fieldname.slice(0, 40)} is too long.`);
          }
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        // the kind is known before the file (the fields come first): refused before the file is read
        const kind = kindOf(fields, pathKind);
        if (isDocumentKind(kind)) requireKindAllowed(facts, kind);
        file = await readUploadedFile(part.file);
      }
    } catch (error) {
      throw multipartError(error) ?? error;
    }
    return { fields, file };
  }

  /** One upload, shared by POST /upload and the kayako call: the UploadResponse. */
  async function receive(request: FastifyRequest, reply: FastifyReply, pathKind?: DocumentKind): Promise<UploadResponse> {
    const userId = requireUser(request);
    // refused before the body is read: nothing is kept
    const facts = await requireAnyUploadAllowed(db, userId);
    await checkUploadLimit(db, userId);
    if (!request.isMultipart()) throw badRequest();
    const { fields, file } = await readParts(request, facts, pathKind);
    const kind = kindOf(fields, pathKind);
    if (!isDocumentKind(kind)) throw new Refusal(400, 'upload.kind', `Unknown document type. Choose one of: ${DOCUMENT_KINDS.join(', ')}.`);
    requireKindAllowed(facts, kind);
    let bytes: Buffer;
    if (fields.signature !== undefined) {
      if (kind !== 'signature') throw new Refusal(400, 'upload.kind', 'The signature field is for the signature only; send other documents as a file.');
      if (file) throw new Refusal(400, 'upload.count', 'Send the signature either as a file or as image data, not both.');
      bytes = signatureBytes(fields.signature);
      if (bytes.length > DOCUMENT_MAX_BYTES) throw tooLarge();
    } else {
      if (!file) throw new Refusal(400, 'upload.missing', kind === 'signature' ? 'Cant save empty sign!' : 'Choose a file to upload.');
      if (file.length === 0) throw new Refusal(400, 'upload.empty', kind === 'signature' ? 'Cant save empty sign!' : 'The file is empty.');
      bytes = file;
    }
    const mime = await detectDocumentMime(bytes);
    const document = await storeDocument(db, { userId, kind, bytes, mime });
    // the owner's pages hear of it once this answer is out ('close' follows 'finish', and comes
    // alone when the uploader went away): the page that saved reads its own answer before the
    // user refresh the push starts (a signature's dialog, closed by that refresh, dropped its save
    // half-way: the trading block's modal stops its child when the user is no longer blocked)
    reply.raw.once('close', () => push.publish(userId, { type: 'user.updated' }));
    return { message: 'Upload successful', document };
  }

  app.post('/upload', { schema: api(TAGS.account, 'Upload a verification document (multipart)') }, async (request, reply) => receive(request, reply));

  /** Spec 000 §7: /api/kayako/upload/{kind}/{no|unshift} */
  app.post<{ Params: { kind: string; mode: string } }>('/api/kayako/upload/:kind/:mode', { schema: api(TAGS.support, 'Support: stage an attachment (multipart)') }, async (request, reply): Promise<UploadResponse | UnshiftResponse> => {
    const { kind, mode } = request.params;
    if (mode !== 'no' && mode !== 'unshift') throw new Refusal(404, 'not_found', 'No such upload call: use /api/kayako/upload/{kind}/no to upload or /api/kayako/upload/{kind}/unshift to take one back.');
    if (!isDocumentKind(kind)) throw new Refusal(400, 'upload.kind', `Unknown document type. Choose one of: ${DOCUMENT_KINDS.join(', ')}.`);
    if (mode === 'no') return receive(request, reply, kind);
    const userId = requireUser(request);
    const removed = await unshiftDocument(db, userId, kind);
    if (removed) push.publish(userId, { type: 'user.updated' });
    return { ok: true, removed };
  });

  app.get<{ Params: { id: string } }>('/upload/:id', { schema: api(TAGS.account, 'One uploaded document (its owner only)', { produces: 'file' }) }, async (request, reply) => {
    // a path that cannot name a document is a plain 404, signed in or not (like any unknown path)
    if (!isDocumentId(request.params.id)) throw new Refusal(404, 'not_found', 'No such document.');
    const userId = requireUser(request);
    const document = await readDocument(db, userId, request.params.id);
    return sendDocument(reply, document);
  });

  app.get('/api/verification/documents', { schema: api(TAGS.account, 'The verification documents and their states') }, async (request): Promise<VerificationState> =>
    verificationState(db, requireUser(request)),
  );
};

/** A stored file, served so that it runs nothing: nosniff, a CSP with nothing allowed, inline only for an image preview. */
export function sendDocument(reply: FastifyReply, document: DocumentFile): FastifyReply {
  const disposition = UPLOAD_TYPES[document.mime].preview ? 'inline' : 'attachment';
  return reply
    .header('content-type', document.mime)
    .header('content-disposition', `${disposition}; filename="${document.kind}-${document.id}.${UPLOAD_TYPES[document.mime].extension}"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', DOCUMENT_CSP)
    .header('cache-control', 'private, no-store')
    .send(document.content);
}
