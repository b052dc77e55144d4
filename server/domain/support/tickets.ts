import type { ServerEvent } from '../../../core/contract/events';
import {
  type NewTicketRequest,
  type ReplyRequest,
  type SupportInit,
  type TicketList,
  type TicketMessage,
  type TicketSummary,
  type TicketThread,
} from '../../../core/contract/support';
import type { Db } from '../../db';
import '../../db/schema-support';
import type { DeskThread, DeskTicket, HelpDesk } from '../ports';
import { Refusal } from '../refusal';
import { requireOwnAbout } from './about';
import { checkReplyRate, checkTicketRate } from './limits';
import { attachmentIdsOf, contentOf, departmentOf, priorityOf, STATUS_NAME, subjectOf, ticketForm, ticketIdOf } from './rules';

/**
 * Support tickets (002 §2-4): the trader's side. The input is checked here (bounds,
 * department, priority, attachments, what it is about, the rate limits), then the HelpDesk port
 * does the rest; another trader's ticket is 404 like one that does not exist.
 */

export interface SupportDeps {
  db: Db;
  desk: HelpDesk;
}

const noTicket = () => new Refusal(404, 'support.not_found', 'No such ticket.');

export function summaryOf(ticket: DeskTicket): TicketSummary {
  return {
    id: ticket.id,
    subject: ticket.subject,
    status: STATUS_NAME[ticket.statusId],
    status_id: ticket.statusId,
    department: ticket.department,
    priority: ticket.priority,
    activity: ticket.activity.toISOString(),
    created_at: ticket.createdAt.toISOString(),
    unread: ticket.unread,
    about: ticket.about,
  };
}

async function traderName(db: Db, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('first_name').where('id', '=', userId).executeTakeFirst();
  return row?.first_name.trim() || 'You';
}

export async function threadOf(db: Db, thread: DeskThread): Promise<TicketThread> {
  const name = await traderName(db, thread.ticket.userId);
  const messages: TicketMessage[] = thread.messages.map((m) => ({
    id: m.id,
    author: m.author,
    name: m.author === 'agent' ? (m.agentName ?? 'Support') : name,
    content: m.content,
    created_at: m.createdAt.toISOString(),
    attachments: m.attachments.map((a) => ({ id: a.id, name: a.name, mime: a.mime, size: a.size })),
  }));
  return { ticket: summaryOf(thread.ticket), messages };
}

export async function listTickets({ desk }: SupportDeps, userId: number): Promise<TicketList> {
  return { tickets: (await desk.list(userId)).map(summaryOf) };
}

export async function supportInit(deps: SupportDeps, userId: number): Promise<SupportInit> {
  const { tickets } = await listTickets(deps, userId);
  return { form: ticketForm(), tickets, unread: tickets.filter((t) => t.unread).length };
}

/** One ticket with its messages; opening it marks the agent's replies read (`wasUnread`: the unread count changed). */
export async function showTicket({ db, desk }: SupportDeps, userId: number, id: string): Promise<{ thread: TicketThread; wasUnread: boolean }> {
  const ticketId = ticketIdOf(id);
  if (ticketId === null) throw noTicket();
  let thread = await desk.thread(userId, String(ticketId));
  if (!thread) throw noTicket();
  const wasUnread = thread.ticket.unread;
  if (wasUnread) thread = await desk.thread(userId, String(ticketId), { markRead: true });
  if (!thread) throw noTicket();
  return { thread: await threadOf(db, thread), wasUnread };
}

/** A new ticket (idempotent by key: the same key again answers the first ticket and creates nothing). */
export async function createTicket({ db, desk }: SupportDeps, userId: number, request: NewTicketRequest, now = new Date()): Promise<TicketThread> {
  const department = departmentOf(request.departments);
  const priority = priorityOf(request.priority);
  const subject = subjectOf(request.subject);
  const content = contentOf(request.content);
  const attachments = attachmentIdsOf(request.attachments);
  const about = request.about ? await requireOwnAbout(db, userId, request.about) : null;
  const existing = await db.selectFrom('support_tickets').select('id').where('user_id', '=', userId).where('idem_key', '=', request.key).executeTakeFirst();
  if (existing) {
    const thread = await desk.thread(userId, String(existing.id));
    if (thread) return threadOf(db, thread);
  }
  await checkTicketRate(db, userId, now);
  const { thread } = await desk.create({ userId, department, priority, subject, content, key: request.key, attachments, about });
  return threadOf(db, thread);
}

/** The trader replies (idempotent by key); a ticket that is not Open becomes Open (002 §4). */
export async function replyToTicket({ db, desk }: SupportDeps, userId: number, request: ReplyRequest, now = new Date()): Promise<TicketThread> {
  const ticketId = ticketIdOf(request.ticket);
  if (ticketId === null) throw noTicket();
  const content = contentOf(request.content);
  const attachments = attachmentIdsOf(request.attachments);
  const existing = await db
    .selectFrom('support_messages as m')
    .innerJoin('support_tickets as t', 't.id', 'm.ticket_id')
    .select('m.id')
    .where('t.id', '=', ticketId)
    .where('t.user_id', '=', userId)
    .where('m.idem_key', '=', request.key)
    .executeTakeFirst();
  if (existing) {
    const thread = await desk.thread(userId, String(ticketId));
    if (thread) return threadOf(db, thread);
  }
  // the owner check comes before the limit: another trader's ticket is 404 whatever the count
  const mine = await db.selectFrom('support_tickets').select('id').where('id', '=', ticketId).where('user_id', '=', userId).executeTakeFirst();
  if (!mine) throw noTicket();
  await checkReplyRate(db, userId, now);
  const answer = await desk.reply(userId, String(ticketId), { content, key: request.key, attachments });
  if (!answer) throw noTicket();
  return threadOf(db, answer.thread);
}

/** The trader closes the ticket (002 §4: back to the list). */
export async function closeTicket({ db, desk }: SupportDeps, userId: number, id: string): Promise<TicketThread> {
  const ticketId = ticketIdOf(id);
  if (ticketId === null) throw noTicket();
  const thread = await desk.close(userId, String(ticketId));
  if (!thread) throw noTicket();
  return threadOf(db, thread);
}

/** One attachment's file for the ticket's owner; anything else (another trader, a mismatch, a bad id) is 404. */
export async function ticketAttachment({ desk }: SupportDeps, userId: number, ticket: unknown, attachment: unknown) {
  const ticketId = ticketIdOf(ticket);
  if (ticketId === null || typeof attachment !== 'string') throw new Refusal(404, 'not_found', 'No such attachment.');
  const file = await desk.attachment(userId, String(ticketId), attachment);
  if (!file) throw new Refusal(404, 'not_found', 'No such attachment.');
  return file;
}

/**
 * Agent updates coming in from the desk reach the trader's open tabs (push): the ticket's new
 * status and a user.updated (the unread count in the header). Returns the unsubscribe.
 */
export function connectDesk(desk: HelpDesk, publish: (userId: number, event: ServerEvent) => void): () => void {
  return desk.onAgentUpdate((update) => {
    publish(update.userId, { type: 'ticket.updated', id: update.ticketId, status: String(update.statusId) });
    publish(update.userId, { type: 'user.updated' });
    if (update.replied) publish(update.userId, { type: 'notification.new' });
  });
}
