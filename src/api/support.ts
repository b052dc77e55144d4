import * as z from 'zod/mini';
import {
  DropResponse,
  SupportInit,
  TicketForm,
  TicketList,
  TicketThreadResponse,
  type CloseRequest,
  type NewTicketRequest,
  type ReplyRequest,
  type ShowRequest,
} from '../../core/contract/support';
import { call } from './http';

/**
 * Support tickets (spec 002 §7 /api/kayako/*). Imported only by the support chunk (the
 * page and the dialog); every POST carries the CSRF header from the ky instance. Staged
 * attachments go up through the one uploader (src/flows/shared/upload.ts) to
 * /api/kayako/upload/attachment/no.
 */

export const initSupport = (): Promise<SupportInit> => call(SupportInit, '/api/kayako/init');
export const loadTicketForm = (): Promise<TicketForm> => call(TicketForm, '/api/kayako/form');
export const listTickets = (): Promise<TicketList> => call(TicketList, '/api/kayako/list');
export const showTicket = (body: ShowRequest) => call(TicketThreadResponse, '/api/kayako/show', { method: 'POST', json: body });
export const createTicket = (body: NewTicketRequest) => call(TicketThreadResponse, '/api/kayako/ticket', { method: 'POST', json: body });
export const replyTicket = (body: ReplyRequest) => call(TicketThreadResponse, '/api/kayako/post', { method: 'POST', json: body });
export const closeTicket = (body: CloseRequest) => call(TicketThreadResponse, '/api/kayako/close', { method: 'POST', json: body });
export const dropAttachments = (): Promise<DropResponse> => call(DropResponse, '/api/kayako/drop', { method: 'POST', json: {} });

const Unshifted = z.object({ ok: z.literal(true) });
/** takes back the newest staged attachment */
export const unshiftAttachment = () => call(Unshifted, '/api/kayako/upload/attachment/unshift', { method: 'POST' });

/** where staged attachments go (the uploader's URL) */
export const ATTACHMENT_UPLOAD_URL = '/api/kayako/upload/attachment/no';

/** an attachment of a ticket, to its owner only (GET /api/kayako/att?id=&pid=) */
export const attachmentUrl = (ticket: string, attachment: string): string =>
  `/api/kayako/att?id=${encodeURIComponent(ticket)}&pid=${encodeURIComponent(attachment)}`;
