import type { CloseRequest, DropResponse, NewTicketRequest, ReplyRequest, ShowRequest, SupportInit, TicketForm, TicketList } from '../../core/contract/support';
import { call } from './http';
import { contractOf, firstContract } from './contracts';

const supportContract = () => import('../../core/contract/support');

/**
 * Support tickets (spec 002 §7 /api/kayako/*). Imported only by the support chunk (the
 * page and the dialog); every POST carries the CSRF header from the ky instance. Staged
 * attachments go up through the one uploader (src/flows/shared/upload.ts) to
 * /api/kayako/upload/attachment/no.
 */

export const initSupport = (): Promise<SupportInit> => call(contractOf(supportContract, 'SupportInit'), '/api/kayako/init');
export const loadTicketForm = (): Promise<TicketForm> => call(contractOf(supportContract, 'TicketForm'), '/api/kayako/form');
export const listTickets = (): Promise<TicketList> => call(contractOf(supportContract, 'TicketList'), '/api/kayako/list');
export const showTicket = (body: ShowRequest) => call(contractOf(supportContract, 'TicketThreadResponse'), '/api/kayako/show', { method: 'POST', json: body });
export const createTicket = (body: NewTicketRequest) => call(contractOf(supportContract, 'TicketThreadResponse'), '/api/kayako/ticket', { method: 'POST', json: body });
export const replyTicket = (body: ReplyRequest) => call(contractOf(supportContract, 'TicketThreadResponse'), '/api/kayako/post', { method: 'POST', json: body });
export const closeTicket = (body: CloseRequest) => call(contractOf(supportContract, 'TicketThreadResponse'), '/api/kayako/close', { method: 'POST', json: body });
export const dropAttachments = (): Promise<DropResponse> => call(contractOf(supportContract, 'DropResponse'), '/api/kayako/drop', { method: 'POST', json: {} });

/** takes back the newest staged attachment */
export const unshiftAttachment = () => call(firstContract('Ok'), '/api/kayako/upload/attachment/unshift', { method: 'POST' });

/** where staged attachments go (the uploader's URL) */
export const ATTACHMENT_UPLOAD_URL = '/api/kayako/upload/attachment/no';

/** an attachment of a ticket, to its owner only (GET /api/kayako/att?id=&pid=) */
export const attachmentUrl = (ticket: string, attachment: string): string =>
  `/api/kayako/att?id=${encodeURIComponent(ticket)}&pid=${encodeURIComponent(attachment)}`;
