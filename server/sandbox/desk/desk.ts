import type { Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import '../../db/schema-support';
import type { CallbackTime, SupportTicketRow, TicketStatusCode } from '../../db/schema-support';
import type { DocumentMime } from '../../db/schema-verification';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/values';
import type { DeskAgentUpdate, DeskAttachment, DeskMessage, DeskThread, DeskTicket, HelpDesk } from '../../domain/ports';
import { Refusal } from '../../domain/refusal';
import { storeAttachment, type UploadLimit } from '../../domain/verification/documents';
import { notificationKey } from '../../domain/notifications/key';
import { notify } from '../../domain/notifications/notify';

/**
 * The sandbox help desk: the HelpDesk port on our own tables (support_tickets,
 * support_messages, support_attachments, support_callbacks), plus what an agent does in the
 * sandbox console (/sandbox/desk): every ticket by department, reply (with a file), set the
 * status, call-backs marked done. Agent updates are announced to the listeners after commit.
 */

export interface AgentTicket extends DeskTicket {
  email: string;
  traderName: string;
}

export interface CallbackRequest {
  id: string;
  userId: number;
  email: string;
  phone: string;
  time: CallbackTime;
  created_at: string;
  done_at: string | null;
  done_by: string | null;
}

export interface AgentFile {
  bytes: Uint8Array;
  mime: DocumentMime;
  name: string;
}

export interface SandboxDesk extends HelpDesk {
  /** every ticket (optionally of one department), last activity first, with the owner's email */
  agentTickets(filter?: { department?: string }): Promise<AgentTicket[]>;
  /** a ticket and its thread for the agent (any owner) */
  agentThread(ticketId: string): Promise<(DeskThread & { ticket: AgentTicket }) | null>;
  /** the agent answers: the ticket becomes Answered (unless `status` says otherwise), the trader has it unread */
  agentReply(ticketId: string, reply: { name: string; content: string; file?: AgentFile; status?: TicketStatusCode }): Promise<DeskThread | null>;
  /** the agent sets the status */
  setStatus(ticketId: string, status: TicketStatusCode): Promise<DeskThread | null>;
  callbacks(): Promise<CallbackRequest[]>;
  /** marks a call-back done (again: nothing changes); null when there is none */
  markCallbackDone(id: string, by: string): Promise<CallbackRequest | null>;
  /** the trader-side file of an attachment, for the agent (any owner) */
  agentAttachment(ticketId: string, attachmentId: string): Promise<{ id: string; kind: 'attachment'; mime: DocumentMime; content: Buffer } | null>;
}

/** an agent's file is the trader's attachment, but never counts against the trader's own upload limit */
const AGENT_UPLOAD_LIMIT: UploadLimit = { perWindow: 1_000_000, windowMs: 60_000 };

type Tx = Transaction<Database>;
const idNumber = (id: string): number | null => (/^[1-9][0-9]{0,8}$/.test(id) ? Number(id) : null);

function ticketOf(row: SupportTicketRow): DeskTicket {
  return {
    id: String(row.id),
    userId: row.user_id,
    department: row.department,
    priority: row.priority,
    subject: row.subject,
    statusId: Number(row.status_id) as TicketStatusCode,
    about: row.about_kind && row.about_id ? { kind: row.about_kind, id: row.about_id } : null,
    unread: row.trader_unread,
    activity: new Date(row.activity_at),
    createdAt: new Date(row.created_at),
  };
}

const staged = () => new Refusal(400, 'support.attachment', 'An attachment is not one of your uploaded files waiting to be sent (it was removed, or sent already): upload it again.');

export function sandboxDesk(db: Db): SandboxDesk {
  const listeners = new Set<(update: DeskAgentUpdate) => void>();
  const announce = (update: DeskAgentUpdate) => {
    for (const listener of listeners) {
      try {
        listener(update);
      } catch {
        // one listener's failure must not stop the others
      }
    }
  };

  async function messagesOf(executor: Db | Tx, ticketId: number): Promise<DeskMessage[]> {
    const rows = await executor.selectFrom('support_messages').select(['id', 'author', 'agent_name', 'content', 'created_at']).where('ticket_id', '=', ticketId).orderBy('id').execute();
    const files = rows.length
      ? await executor
          .selectFrom('support_attachments as a')
          .innerJoin('documents as d', 'd.id', 'a.document_id')
          .select(['a.message_id', 'd.id', 'd.name', 'd.mime', 'd.size_bytes'])
          .where(
            'a.message_id',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('d.created_at')
          .orderBy('d.id')
          .execute()
      : [];
    const byMessage = new Map<number, DeskAttachment[]>();
    for (const f of files) {
      const list = byMessage.get(f.message_id) ?? [];
      list.push({ id: f.id, name: f.name ?? `attachment-${f.id}`, mime: f.mime, size: f.size_bytes });
      byMessage.set(f.message_id, list);
    }
    return rows.map((r) => ({ id: String(r.id), author: r.author, agentName: r.agent_name, content: r.content, createdAt: new Date(r.created_at), attachments: byMessage.get(r.id) ?? [] }));
  }

  async function threadById(executor: Db | Tx, ticketId: number, userId: number | null): Promise<DeskThread | null> {
    let query = executor.selectFrom('support_tickets').selectAll().where('id', '=', ticketId);
    if (userId !== null) query = query.where('user_id', '=', userId);
    const row = await query.executeTakeFirst();
    if (!row) return null;
    return { ticket: ticketOf(row), messages: await messagesOf(executor, ticketId) };
  }

  /** links the trader's staged attachments to a message, or refuses them all (400) */
  async function linkAttachments(trx: Tx, userId: number, messageId: number, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const rows = await trx
      .selectFrom('documents as d')
      .select('d.id')
      .where('d.id', 'in', ids)
      .where('d.user_id', '=', userId)
      .where('d.kind', '=', 'attachment')
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('support_attachments as a').select('a.document_id').whereRef('a.document_id', '=', 'd.id'))))
      .forUpdate()
      .execute();
    if (rows.length !== ids.length) throw staged();
    try {
      await trx
        .insertInto('support_attachments')
        .values(ids.map((document_id) => ({ document_id, message_id: messageId })))
        .execute();
    } catch (error) {
      // a parallel message took one of them first
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw staged();
      throw error;
    }
  }

  async function agentTicketOf(executor: Db | Tx, ticketId: number): Promise<AgentTicket | null> {
    const row = await executor.selectFrom('support_tickets as t').innerJoin('users as u', 'u.id', 't.user_id').selectAll('t').select(['u.email', 'u.first_name', 'u.last_name']).where('t.id', '=', ticketId).executeTakeFirst();
    if (!row) return null;
    return { ...ticketOf(row), email: row.email, traderName: `${row.first_name} ${row.last_name}`.trim() };
  }

  const desk: SandboxDesk = {
    sandbox: true,

    async create(input) {
      const existing = async () => {
        const row = await db.selectFrom('support_tickets').select('id').where('user_id', '=', input.userId).where('idem_key', '=', input.key).executeTakeFirst();
        return row ? threadById(db, row.id, input.userId) : null;
      };
      try {
        const thread = await db.transaction().execute(async (trx) => {
          const now = new Date();
          const ticket = await trx
            .insertInto('support_tickets')
            .values({
              user_id: input.userId,
              department: input.department,
              priority: input.priority,
              subject: input.subject,
              status_id: 1,
              about_kind: input.about?.kind ?? null,
              about_id: input.about?.id ?? null,
              idem_key: input.key,
              created_at: now,
              activity_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const message = await trx.insertInto('support_messages').values({ ticket_id: ticket.id, author: 'trader', content: input.content, created_at: now }).returning('id').executeTakeFirstOrThrow();
          await linkAttachments(trx, input.userId, message.id, input.attachments);
          return (await threadById(trx, ticket.id, input.userId))!;
        });
        return { thread, created: true };
      } catch (error) {
        // the same key in a parallel request: answer the ticket it created
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
          const thread = await existing();
          if (thread) return { thread, created: false };
        }
        throw error;
      }
    },

    async list(userId) {
      const rows = await db.selectFrom('support_tickets').selectAll().where('user_id', '=', userId).orderBy('activity_at', 'desc').orderBy('id', 'desc').limit(500).execute();
      return rows.map(ticketOf);
    },

    async thread(userId, ticketId, options = {}) {
      const id = idNumber(ticketId);
      if (id === null) return null;
      if (options.markRead) await db.updateTable('support_tickets').set({ trader_unread: false }).where('id', '=', id).where('user_id', '=', userId).where('trader_unread', '=', true).execute();
      return threadById(db, id, userId);
    },

    async reply(userId, ticketId, reply) {
      const id = idNumber(ticketId);
      if (id === null) return null;
      const again = async () => {
        const row = await db.selectFrom('support_messages').select('id').where('ticket_id', '=', id).where('idem_key', '=', reply.key).executeTakeFirst();
        return row ? threadById(db, id, userId) : null;
      };
      try {
        return await db.transaction().execute(async (trx) => {
          const ticket = await trx.selectFrom('support_tickets').select('id').where('id', '=', id).where('user_id', '=', userId).forUpdate().executeTakeFirst();
          if (!ticket) return null;
          const now = new Date();
          const message = await trx.insertInto('support_messages').values({ ticket_id: id, author: 'trader', content: reply.content, idem_key: reply.key, created_at: now }).returning('id').executeTakeFirstOrThrow();
          await linkAttachments(trx, userId, message.id, reply.attachments);
          // 002 §4: replying to a ticket that is not Open sets it Open
          await trx.updateTable('support_tickets').set({ status_id: 1, activity_at: now }).where('id', '=', id).execute();
          return { thread: (await threadById(trx, id, userId))!, created: true };
        });
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
          const thread = await again();
          if (thread) return { thread, created: false };
        }
        throw error;
      }
    },

    async close(userId, ticketId) {
      const id = idNumber(ticketId);
      if (id === null) return null;
      await db.updateTable('support_tickets').set({ status_id: 3, activity_at: new Date() }).where('id', '=', id).where('user_id', '=', userId).where('status_id', '<>', 3).execute();
      return threadById(db, id, userId);
    },

    async attachment(userId, ticketId, attachmentId) {
      const id = idNumber(ticketId);
      if (id === null || !/^[0-9a-f-]{36}$/.test(attachmentId)) return null;
      const row = await db
        .selectFrom('support_attachments as a')
        .innerJoin('support_messages as m', 'm.id', 'a.message_id')
        .innerJoin('support_tickets as t', 't.id', 'm.ticket_id')
        .innerJoin('documents as d', 'd.id', 'a.document_id')
        .select(['d.id', 'd.mime', 'd.content'])
        .where('a.document_id', '=', attachmentId)
        .where('t.id', '=', id)
        .where('t.user_id', '=', userId)
        .where('d.user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return null;
      return { id: row.id, kind: 'attachment', mime: row.mime, content: Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength) };
    },

    async callBack({ userId, phone, time, key }) {
      try {
        const row = await db.insertInto('support_callbacks').values({ user_id: userId, phone, preferred: time, idem_key: key }).returning('id').executeTakeFirstOrThrow();
        return { id: String(row.id), created: true };
      } catch (error) {
        if (key && pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
          const row = await db.selectFrom('support_callbacks').select('id').where('user_id', '=', userId).where('idem_key', '=', key).executeTakeFirst();
          if (row) return { id: String(row.id), created: false };
        }
        throw error;
      }
    },

    onAgentUpdate(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async agentTickets(filter = {}) {
      let query = db.selectFrom('support_tickets as t').innerJoin('users as u', 'u.id', 't.user_id').selectAll('t').select(['u.email', 'u.first_name', 'u.last_name']);
      if (filter.department) query = query.where('t.department', '=', filter.department);
      const rows = await query.orderBy('t.activity_at', 'desc').orderBy('t.id', 'desc').limit(500).execute();
      return rows.map((row) => ({ ...ticketOf(row), email: row.email, traderName: `${row.first_name} ${row.last_name}`.trim() }));
    },

    async agentThread(ticketId) {
      const id = idNumber(ticketId);
      if (id === null) return null;
      const ticket = await agentTicketOf(db, id);
      if (!ticket) return null;
      return { ticket, messages: await messagesOf(db, id) };
    },

    async agentReply(ticketId, { name, content, file, status = 2 }) {
      const id = idNumber(ticketId);
      if (id === null) return null;
      const owner = await db.selectFrom('support_tickets').select('user_id').where('id', '=', id).executeTakeFirst();
      if (!owner) return null;
      // the file goes through the one upload service (type by content, 10 MB), owned by the ticket's trader
      const stored = file ? await storeAttachment(db, { userId: owner.user_id, bytes: file.bytes, mime: file.mime, name: file.name }, AGENT_UPLOAD_LIMIT) : null;
      const thread = await db.transaction().execute(async (trx) => {
        const now = new Date();
        const message = await trx.insertInto('support_messages').values({ ticket_id: id, author: 'agent', agent_name: name, content, created_at: now }).returning('id').executeTakeFirstOrThrow();
        if (stored) await linkAttachments(trx, owner.user_id, message.id, [stored.id]);
        await trx.updateTable('support_tickets').set({ status_id: status, trader_unread: true, activity_at: now }).where('id', '=', id).execute();
        // the trader's bell; connectDesk pushes notification.new after this commit
        await notify(trx, { userId: owner.user_id, kind: 'support.replied', params: { ticket: String(id), agent: name.slice(0, 100) }, key: notificationKey('support-reply', String(message.id)) });
        return (await threadById(trx, id, null))!;
      });
      announce({ userId: thread.ticket.userId, ticketId: thread.ticket.id, statusId: thread.ticket.statusId, replied: true });
      return thread;
    },

    async setStatus(ticketId, status) {
      const id = idNumber(ticketId);
      if (id === null) return null;
      const row = await db.updateTable('support_tickets').set({ status_id: status, activity_at: new Date() }).where('id', '=', id).returning('user_id').executeTakeFirst();
      if (!row) return null;
      const thread = (await threadById(db, id, null))!;
      announce({ userId: row.user_id, ticketId: thread.ticket.id, statusId: status, replied: false });
      return thread;
    },

    async callbacks() {
      const rows = await db
        .selectFrom('support_callbacks as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['c.id', 'c.user_id', 'u.email', 'c.phone', 'c.preferred', 'c.created_at', 'c.done_at', 'c.done_by'])
        .orderBy(({ eb }) => eb('c.done_at', 'is', null), 'desc')
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(200)
        .execute();
      return rows.map(callbackOf);
    },

    async markCallbackDone(callbackId, by) {
      const id = idNumber(callbackId);
      if (id === null) return null;
      await db.updateTable('support_callbacks').set({ done_at: new Date(), done_by: by }).where('id', '=', id).where('done_at', 'is', null).execute();
      const row = await db
        .selectFrom('support_callbacks as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['c.id', 'c.user_id', 'u.email', 'c.phone', 'c.preferred', 'c.created_at', 'c.done_at', 'c.done_by'])
        .where('c.id', '=', id)
        .executeTakeFirst();
      return row ? callbackOf(row) : null;
    },

    async agentAttachment(ticketId, attachmentId) {
      const id = idNumber(ticketId);
      if (id === null || !/^[0-9a-f-]{36}$/.test(attachmentId)) return null;
      const row = await db
        .selectFrom('support_attachments as a')
        .innerJoin('support_messages as m', 'm.id', 'a.message_id')
        .innerJoin('documents as d', 'd.id', 'a.document_id')
        .select(['d.id', 'd.mime', 'd.content'])
        .where('a.document_id', '=', attachmentId)
        .where('m.ticket_id', '=', id)
        .executeTakeFirst();
      if (!row) return null;
      return { id: row.id, kind: 'attachment', mime: row.mime, content: Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength) };
    },
  };
  return desk;
}

function callbackOf(r: { id: number; user_id: number; email: string; phone: string; preferred: CallbackTime; created_at: Date; done_at: Date | null; done_by: string | null }): CallbackRequest {
  return {
    id: String(r.id),
    userId: r.user_id,
    email: r.email,
    phone: r.phone,
    time: r.preferred,
    created_at: new Date(r.created_at).toISOString(),
    done_at: r.done_at ? new Date(r.done_at).toISOString() : null,
    done_by: r.done_by,
  };
}
