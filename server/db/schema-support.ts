import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt } from './schema';

/**
 * Tables of support (migration 090_support), joined to Database by module augmentation.
 * Attachments are `documents` of kind 'attachment' (schema-verification.ts); a row of
 * support_attachments links one to its message (without one it is staged).
 */
export type TicketStatusCode = 1 | 2 | 3;
export type TicketAboutKindColumn = 'payment' | 'invoice' | 'withdrawal';
export type MessageAuthor = 'trader' | 'agent';
export type CallbackTime = 'any' | 'morning' | 'afternoon' | 'evening';

export interface SupportTicketsTable {
  id: Generated<number>;
  user_id: ColumnType<number, number, never>;
  department: ColumnType<string, string, never>;
  priority: ColumnType<string, string, never>;
  subject: ColumnType<string, string, never>;
  /** 1 Open, 2 Answered, 3 Closed */
  status_id: ColumnType<TicketStatusCode, TicketStatusCode | undefined, TicketStatusCode>;
  about_kind: ColumnType<TicketAboutKindColumn | null, TicketAboutKindColumn | null | undefined, never>;
  about_id: ColumnType<string | null, string | null | undefined, never>;
  /** an agent wrote since the trader last opened the ticket */
  trader_unread: ColumnType<boolean, boolean | undefined, boolean>;
  /** the creation's idempotency key, unique per user */
  idem_key: ColumnType<string, string, never>;
  created_at: CreatedAt;
  activity_at: ColumnType<Date, Date | undefined, Date>;
}

export interface SupportMessagesTable {
  id: Generated<number>;
  ticket_id: ColumnType<number, number, never>;
  author: ColumnType<MessageAuthor, MessageAuthor, never>;
  agent_name: ColumnType<string | null, string | null | undefined, never>;
  /** plain text, 1..5000 */
  content: ColumnType<string, string, never>;
  /** a trader reply's idempotency key, unique per ticket */
  idem_key: ColumnType<string | null, string | null | undefined, never>;
  created_at: CreatedAt;
}

export interface SupportAttachmentsTable {
  document_id: ColumnType<string, string, never>;
  message_id: ColumnType<number, number, never>;
}

export interface SupportCallbacksTable {
  id: Generated<number>;
  user_id: ColumnType<number, number, never>;
  phone: ColumnType<string, string, never>;
  preferred: ColumnType<CallbackTime, CallbackTime | undefined, never>;
  idem_key: ColumnType<string | null, string | null | undefined, never>;
  created_at: CreatedAt;
  done_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  done_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SupportContactsTable {
  id: Generated<number>;
  name: ColumnType<string, string, never>;
  email: ColumnType<string, string, never>;
  phone: ColumnType<string, string, never>;
  message: ColumnType<string, string, never>;
  /** SHA-256 (hex) of the client address: never the address itself */
  client_hash: ColumnType<string, string, never>;
  /** the signed-in trader who sent it, if any */
  user_id: ColumnType<number | null, number | null | undefined, never>;
  created_at: CreatedAt;
}

export type SupportTicketRow = Selectable<SupportTicketsTable>;
export type SupportMessageRow = Selectable<SupportMessagesTable>;

declare module './schema' {
  interface Database {
    support_tickets: SupportTicketsTable;
    support_messages: SupportMessagesTable;
    support_attachments: SupportAttachmentsTable;
    support_callbacks: SupportCallbacksTable;
    support_contacts: SupportContactsTable;
  }
}
