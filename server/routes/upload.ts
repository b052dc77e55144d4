import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../http/errors';
import { requireUser } from '../http/session';
import {
  checkUploadLimit,
  detectDocumentMime,
  DOCUMENT_KINDS,
  DOCUMENT_MAX_BYTES,
  isDocumentId,
  isDocumentKind,
  listDocuments,
  readDocument,
  storeDocument,
} from '../domain/verification/documents';
import type { RouteDeps } from './deps';
import { answering } from './refusals';

/** Image types a browser may show inline (a preview); anything else is a download. */
const PREVIEW = new Set(['image/png', 'image/jpeg']);
const EXTENSION: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'application/pdf': 'pdf' };
/** the served file runs nothing and loads nothing */
export const DOCUMENT_CSP = "default-src 'none'; sandbox";

const tooLarge = () => new HttpError(413, 'upload.too_large', 'File Too Large, max file size 10Mb.');

/** Multipart errors of @fastify/multipart as answers (the file's size limit is 413, the rest 400). */
function multipartError(error: unknown): HttpError | null {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, 'upload.count', 'Send one file per upload.');
  if (code.startsWith('FST_') || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(400, 'upload.bad_request', 'Send the file as multipart/form-data with the fields type or doc_type and file.');
  return null;
}

/**
 * Verification uploads (issue 13, the server half). `POST /upload` (multipart: `type` or
 * `doc_type` and the file; CSRF like every state-changing call) reads the file as a stream and
 * stops at 10 MB (413), checks the type by content (PNG, JPEG, PDF; otherwise 415) and stores it;
 * `GET /upload/:id` serves it to its owner only; `GET /api/verification/documents` lists them.
 */
export const uploadRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  await app.register(multipart, { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 8, fieldSize: 200, parts: 10, headerPairs: 50 } });

  app.post('/upload', async (request) =>
    answering(async () => {
      const userId = requireUser(request);
      // refused before the body is read: nothing is kept
      await checkUploadLimit(db, userId);
      if (!request.isMultipart()) throw new HttpError(400, 'upload.bad_request', 'Send the file as multipart/form-data with the fields type or doc_type and file.');
      const fields: Record<string, string> = {};
      let file: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (typeof part.value === 'string') fields[part.fieldname] = part.value;
            continue;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const chunk of part.file as AsyncIterable<Buffer>) {
            size += chunk.length;
            // counted while streaming: the rest of a too large file is never held
            if (size > DOCUMENT_MAX_BYTES) throw tooLarge();
            chunks.push(chunk);
          }
          if (part.file.truncated) throw tooLarge();
          file = Buffer.concat(chunks, size);
        }
      } catch (error) {
        throw multipartError(error) ?? error;
      }
      const kind = fields.doc_type || fields.type;
      if (!isDocumentKind(kind)) throw new HttpError(400, 'upload.kind', `Unknown document type. Choose one of: ${DOCUMENT_KINDS.join(', ')}.`);
      if (!file) throw new HttpError(400, 'upload.missing', 'Choose a file to upload.');
      if (file.length === 0) throw new HttpError(400, 'upload.empty', 'The file is empty.');
      const mime = await detectDocumentMime(file);
      const document = await storeDocument(db, { userId, kind, bytes: file, mime });
      return { message: 'Upload successful', document };
    }),
  );

  app.get<{ Params: { id: string } }>('/upload/:id', async (request, reply) =>
    answering(async () => {
      // a path that cannot name a document is a plain 404, signed in or not (like any unknown path)
      if (!isDocumentId(request.params.id)) throw new HttpError(404, 'not_found', 'No such document.');
      const userId = requireUser(request);
      const document = await readDocument(db, userId, request.params.id);
      const disposition = PREVIEW.has(document.mime) ? 'inline' : 'attachment';
      return reply
        .header('content-type', document.mime)
        .header('content-disposition', `${disposition}; filename="${document.kind}-${document.id}.${EXTENSION[document.mime]}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', DOCUMENT_CSP)
        .header('cache-control', 'private, no-store')
        .send(document.content);
    }),
  );

  app.get('/api/verification/documents', async (request) =>
    answering(async () => {
      const userId = requireUser(request);
      return { documents: await listDocuments(db, userId) };
    }),
  );
};
