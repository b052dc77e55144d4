import multipart from '@fastify/multipart';
import { FastifyReply, FastifyRequest } from 'fastify';
import { CallRequest, CloseRequest, ContactRequest, NewTicketRequest, ReplyRequest, ShowRequest, type CallResponse, type ContactResponse, type DropResponse, type StagedAttachmentResponse, SupportInfo, SupportInit, TicketForm, TicketList, TicketThread } from '../../core/contract/support';
import type { UnshiftResponse } from '../../core/contract/verification';
import { Refusal } from '../domain/refusal';
import { dropAttachments, unshiftAttachment } from '../domain/support/attachments';
import { requestCallBack, submitContact, supportInfo } from '../domain/support/contacts';
import { safeFileName, ticketForm } from '../domain/support/rules';
import { closeTicket, connectDesk, createTicket, listTickets, replyToTicket, showTicket, supportInit, ticketAttachment, type SupportDeps } from '../domain/support/tickets';
import { checkUploadLimit, detectDocumentMime, DOCUMENT_MAX_BYTES, storeAttachment } from '../domain/verification/documents';

import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';
import { multipartError, readUploadedFile, sendDocument } from './upload';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/** one file per upload; a few short fields (the sandbox agent console's reply form has four, and takes the same limits) */
export const SUPPORT_UPLOAD_LIMITS = { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 6, fieldSize: 16 * 1024, parts: 8, headerPairs: 50 };

const badUpload = () => new Refusal(400, 'upload.bad_request', 'Send the attachment as multipart/form-data with the field file.');

/**
 * Support (the server half): tickets (002 §2-4, §7: /api/kayako/*), staged attachments
 * through the one upload service, call-back requests (000 §7: POST /api/call), the company's
 * contacts and the contact form (001 §7: GET /api/info, POST /api/contacts). The help desk is
 * the HelpDesk port (server/compose.ts); the sandbox desk keeps tickets in our database and, in
 * sandbox mode, an agent answers at /sandbox/desk (server/sandbox/desk/routes.ts). Agent updates are pushed to
 * the owner's tabs (ticket.updated, user.updated).
 */
export const supportRoutes: RoutePlugin<RouteDeps> = async (app, deps) => {
  const { db, config, push } = deps;
  const desk = deps.ports.desk;
  const support: SupportDeps = { db, desk };
  const disconnect = connectDesk(desk, push.publish.bind(push));
  app.addHook('onClose', async () => disconnect());
  await app.register(multipart, { limits: SUPPORT_UPLOAD_LIMITS });

  app.get('/api/kayako/init', { schema: api(TAGS.support, 'Support: the user’s desk state', { response: SupportInit }) }, async (request): Promise<SupportInit> => supportInit(support, requireUser(request)));
  app.get('/api/kayako/form', { schema: api(TAGS.support, 'Support: the new-ticket form', { response: TicketForm }) }, async (request): Promise<TicketForm> => {
    requireUser(request);
    return ticketForm();
  });
  app.get('/api/kayako/list', { schema: api(TAGS.support, 'Support: the user’s tickets', { response: TicketList }) }, async (request): Promise<TicketList> => listTickets(support, requireUser(request)));

  app.post('/api/kayako/show', { schema: api(TAGS.support, 'Support: one ticket thread', { body: ShowRequest, response: TicketThread }) }, async (request): Promise<TicketThread> => {
    const userId = requireUser(request);
    const body = request.body;
    const { thread, wasUnread } = await showTicket(support, userId, body.id);
    // the header's unread count changed: the owner's other tabs reload the user
    if (wasUnread) push.publish(userId, { type: 'user.updated' });
    return thread;
  });

  app.post('/api/kayako/ticket', { schema: api(TAGS.support, 'Support: open a ticket', { body: NewTicketRequest, response: TicketThread }) }, async (request): Promise<TicketThread> => {
    const userId = requireUser(request);
    const thread = await createTicket(support, userId, request.body);
    push.publish(userId, { type: 'ticket.updated', id: thread.ticket.id, status: String(thread.ticket.status_id) });
    return thread;
  });

  app.post('/api/kayako/post', { schema: api(TAGS.support, 'Support: reply to a ticket', { body: ReplyRequest, response: TicketThread }) }, async (request): Promise<TicketThread> => {
    const userId = requireUser(request);
    const thread = await replyToTicket(support, userId, request.body);
    push.publish(userId, { type: 'ticket.updated', id: thread.ticket.id, status: String(thread.ticket.status_id) });
    return thread;
  });

  app.post('/api/kayako/close', { schema: api(TAGS.support, 'Support: close a ticket', { body: CloseRequest, response: TicketThread }) }, async (request): Promise<TicketThread> => {
    const userId = requireUser(request);
    const thread = await closeTicket(support, userId, request.body.id);
    push.publish(userId, { type: 'ticket.updated', id: thread.ticket.id, status: String(thread.ticket.status_id) });
    return thread;
  });

  /** Stages one attachment: the same streamed 10 MB limit, type by content and per-account limit as every upload; no verification permission needed. */
  async function stage(request: FastifyRequest): Promise<StagedAttachmentResponse> {
    const userId = requireUser(request);
    // refused before the body is read: nothing is kept
    await checkUploadLimit(db, userId);
    if (!request.isMultipart()) throw badUpload();
    let file: Buffer | null = null;
    let filename = '';
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') continue;
        filename = part.filename;
        file = await readUploadedFile(part.file);
      }
    } catch (error) {
      throw multipartError(error) ?? error;
    }
    if (!file) throw new Refusal(400, 'upload.missing', 'Choose a file to attach.');
    if (file.length === 0) throw new Refusal(400, 'upload.empty', 'The file is empty.');
    const mime = await detectDocumentMime(file);
    const stored = await storeAttachment(db, { userId, bytes: file, mime, name: safeFileName(filename, mime) });
    return {
      message: 'Upload successful',
      document: { id: stored.id, kind: 'attachment', status: 'uploaded', reason: null, mime: stored.mime, size: stored.size, sha256: stored.sha256, created_at: stored.created_at, reviewed_at: null },
      attachment: { id: stored.id, name: stored.name, mime: stored.mime, size: stored.size },
    };
  }

  // a static segment: matched before the verification route /api/kayako/upload/:kind/:mode
  app.post<{ Params: { mode: string } }>('/api/kayako/upload/attachment/:mode', { schema: api(TAGS.support, 'Support: stage an attachment (multipart)') }, async (request): Promise<StagedAttachmentResponse | UnshiftResponse> => {
    const { mode } = request.params;
    if (mode === 'no') return stage(request);
    if (mode !== 'unshift') throw new Refusal(404, 'not_found', 'No such upload call: use /api/kayako/upload/attachment/no to attach or /api/kayako/upload/attachment/unshift to take one back.');
    const userId = requireUser(request);
    return { ok: true, removed: await unshiftAttachment(db, userId) };
  });

  app.post('/api/kayako/drop', { schema: api(TAGS.support, 'Support: drop a staged attachment') }, async (request): Promise<DropResponse> => {
    const userId = requireUser(request);
    return { ok: true, dropped: await dropAttachments(db, userId) };
  });

  app.get<{ Querystring: { id?: string; pid?: string } }>('/api/kayako/att', { schema: api(TAGS.support, 'Support: download an attachment', { produces: 'file' }) }, async (request, reply) => {
    const userId = requireUser(request);
    const file = await ticketAttachment(support, userId, request.query.id, request.query.pid);
    return sendDocument(reply, file);
  });

  app.post('/api/call', { schema: api(TAGS.support, 'Ask for a call-back', { body: CallRequest }) }, async (request): Promise<CallResponse> => {
    const userId = requireUser(request);
    const body = request.body;
    return requestCallBack(db, desk, userId, body);
  });

  app.get('/api/info', { schema: api(TAGS.support, 'Support contacts', { response: SupportInfo }) }, async (): Promise<SupportInfo> => supportInfo(config));

  /** 001 §7: the answer has return, error, message; a refusal is 400/429 with return false (signed out too). */
  // the contract's refusal is answered in this call's own shape (return false), so it is attached, not thrown
  app.post('/api/contacts', { schema: api(TAGS.support, 'Contact form', { body: ContactRequest }), attachValidation: true }, async (request, reply) => {
    const answer = (status: number, body: ContactResponse, headers?: Record<string, string>): FastifyReply => {
      if (headers) reply.headers(headers);
      return reply.code(status).send(body);
    };
    const invalid = request.validationError;
    if (invalid) {
      const named = invalid instanceof Refusal ? Object.keys(invalid.fields ?? {}) : [];
      const fields = Object.fromEntries(named.map((name) => [name.split('.')[0], 'validation.required']));
      return answer(400, { return: false, error: 'validation', message: 'Please fill in your name, email, phone and message.', ...(named.length > 0 && { fields }) });
    }
    try {
      await submitContact(db, request.body, { address: request.ip, userId: request.session?.user_id ?? null });
      return answer(200, { return: true, message: 'Thank you! Your message has been sent. We will answer soon.' });
    } catch (error) {
      if (error instanceof Refusal) return answer(error.status, { return: false, error: error.key, message: error.message, ...(error.fields && { fields: error.fields }) }, error.headers);
      throw error;
    }
  });
};
