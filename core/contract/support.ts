import * as z from 'zod/mini';
import { UploadResponse } from './verification';

/**
 * Support: tickets with an agent on the other side (spec 002 §2-4, §7-9), call-back
 * requests (000 §2, §5, §7-8) and the contact form (001 §5, §7-8). The help desk is a third
 * party behind the HelpDesk port (server/domain/ports.ts); the sandbox desk keeps tickets in our
 * database and an agent answers at /sandbox/desk.
 *
 * Calls (every state-changing one is a POST with the CSRF header):
 *   GET  /api/kayako/init                      SupportInit: form options, tickets, unread count
 *   GET  /api/kayako/form                      TicketForm
 *   GET  /api/kayako/list                      TicketList
 *   POST /api/kayako/show    ShowRequest       TicketThreadResponse (marks the agent's replies read)
 *   POST /api/kayako/ticket  NewTicketRequest  TicketThreadResponse (idempotent by key)
 *   POST /api/kayako/post    ReplyRequest      TicketThreadResponse (idempotent by key; reopens a ticket that is not Open)
 *   POST /api/kayako/close   CloseRequest      TicketThreadResponse
 *   POST /api/kayako/upload/attachment/no      multipart file → StagedAttachmentResponse (an UploadResponse plus the staged attachment)
 *   POST /api/kayako/upload/attachment/unshift UnshiftResponse (verification's): takes back the newest staged attachment
 *   POST /api/kayako/drop                      DropResponse: clears the staged attachments
 *   GET  /api/kayako/att?id={ticket}&pid={attachment}  the file, to the ticket's owner only (404 otherwise)
 *   POST /api/call           CallRequest       CallResponse (a call-back ticket in the desk)
 *   GET  /api/info                             SupportInfo (signed out too)
 *   POST /api/contacts       ContactRequest    ContactResponse (signed out too; rate-limited per address)
 */

/** Bounds every side checks (the client before sending, the server again, the database last). */
export const SUPPORT_LIMITS = {
  subject: 200,
  content: 5000,
  /** attachments on one message */
  attachments: 3,
  name: 100,
  email: 254,
  phoneMin: 7,
  phone: 32,
  message: 5000,
} as const;

/** 1 means Open (002 §3); the agent answered: 2; closed: 3. */
export const TICKET_OPEN = 1;
export const TICKET_ANSWERED = 2;
export const TICKET_CLOSED = 3;
export const TicketStatusId = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type TicketStatusId = z.infer<typeof TicketStatusId>;

/** What a ticket was opened about ("Ask about this payment"): the object's id, checked against its owner. */
export const TicketAboutKind = z.enum(['payment', 'invoice', 'withdrawal']);
export type TicketAboutKind = z.infer<typeof TicketAboutKind>;
export const TicketAbout = z.object({ kind: TicketAboutKind, id: z.string().check(z.minLength(1), z.maxLength(64)) });
export type TicketAbout = z.infer<typeof TicketAbout>;

/** One choice of the form (002 §3 "form options"): departments and priority. */
export const FormOption = z.object({ id: z.string(), name: z.string() });
export type FormOption = z.infer<typeof FormOption>;

/** GET /api/kayako/form: departments (default '27' on the page, '62' in the dialog) and priority (default '1'). */
export const TicketForm = z.object({
  departments: z.array(FormOption),
  priority: z.array(FormOption),
  defaults: z.object({ page: z.string(), dialog: z.string(), priority: z.string() }),
  /** attachments: how many per message, and the largest file in bytes */
  maxAttachments: z.number(),
  maxBytes: z.number(),
});
export type TicketForm = z.infer<typeof TicketForm>;

/** One staged or sent attachment (never its content: that is GET /api/kayako/att). */
export const TicketAttachment = z.object({
  id: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
});
export type TicketAttachment = z.infer<typeof TicketAttachment>;

/**
 * POST /api/kayako/upload/attachment/no: verification's UploadResponse ('Upload successful' and the
 * stored document, kind 'attachment'; the upload control reads it) plus the staged attachment
 * with its file name. Its id goes into `attachments` of a ticket or reply.
 */
export const StagedAttachmentResponse = z.extend(UploadResponse, { attachment: TicketAttachment });
export type StagedAttachmentResponse = z.infer<typeof StagedAttachmentResponse>;

/** A list item (002 §3: id, status, status_id, activity), plus what the list shows. */
export const TicketSummary = z.object({
  id: z.string(),
  subject: z.string(),
  /** the status's English name ('Open', 'Answered', 'Closed'); the client shows its own text by status_id */
  status: z.string(),
  status_id: TicketStatusId,
  department: z.string(),
  priority: z.string(),
  /** ISO time of the last message or status change */
  activity: z.string(),
  created_at: z.string(),
  /** the agent wrote since the trader last opened the ticket */
  unread: z.boolean(),
  about: z.nullable(TicketAbout),
});
export type TicketSummary = z.infer<typeof TicketSummary>;

export const TicketMessage = z.object({
  id: z.string(),
  author: z.enum(['trader', 'agent']),
  /** the agent's display name, or the trader's first name */
  name: z.string(),
  /** plain text: the client renders it as text (links made clickable), never as HTML */
  content: z.string(),
  created_at: z.string(),
  attachments: z.array(TicketAttachment),
});
export type TicketMessage = z.infer<typeof TicketMessage>;

export const TicketThread = z.object({ ticket: TicketSummary, messages: z.array(TicketMessage) });
export type TicketThread = z.infer<typeof TicketThread>;

export const TicketList = z.object({ tickets: z.array(TicketSummary) });
export type TicketList = z.infer<typeof TicketList>;

/** GET /api/kayako/init: what the support page needs to start (retried up to 3 times on failure, 002 §4). */
export const SupportInit = z.object({ form: TicketForm, tickets: z.array(TicketSummary), unread: z.number() });
export type SupportInit = z.infer<typeof SupportInit>;

/** An idempotency key: the same submit twice creates one ticket or one reply. */
export const SupportKey = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'support.key'));

export const NewTicketRequest = z.object({
  priority: z.string(),
  departments: z.string(),
  subject: z.string(),
  content: z.string(),
  key: SupportKey,
  /** ids of staged attachments (POST /api/kayako/upload/attachment/no) */
  attachments: z.optional(z.array(z.string())),
  about: z.optional(TicketAbout),
});
export type NewTicketRequest = z.infer<typeof NewTicketRequest>;

/** 002 §3: content plus the ticket id */
export const ReplyRequest = z.object({ ticket: z.string(), content: z.string(), key: SupportKey, attachments: z.optional(z.array(z.string())) });
export type ReplyRequest = z.infer<typeof ReplyRequest>;

export const ShowRequest = z.object({ id: z.string() });
export type ShowRequest = z.infer<typeof ShowRequest>;
export const CloseRequest = z.object({ id: z.string() });
export type CloseRequest = z.infer<typeof CloseRequest>;

export const TicketThreadResponse = TicketThread;
export type TicketThreadResponse = TicketThread;

export const DropResponse = z.object({ ok: z.literal(true), dropped: z.number() });
export type DropResponse = z.infer<typeof DropResponse>;

/** A preferred time for the call-back. */
export const CallTime = z.enum(['any', 'morning', 'afternoon', 'evening']);
export type CallTime = z.infer<typeof CallTime>;

/** POST /api/call (000 §7): the phone (at least 7 characters, else calls.error_phone) and a preferred time. */
export const CallRequest = z.object({ phone: z.string(), time: z.optional(CallTime), key: z.optional(SupportKey) });
export type CallRequest = z.infer<typeof CallRequest>;
/** calls.server_success; a failure is an ApiError (calls.error_phone, calls.server_error, rate.limited) */
export const CallResponse = z.object({ ok: z.literal(true), message: z.string(), ticket: z.string() });
export type CallResponse = z.infer<typeof CallResponse>;

/** GET /api/info (001 §7): the company's support email and phone, from settings. */
export const SupportInfo = z.object({ email: z.string(), phone: z.string() });
export type SupportInfo = z.infer<typeof SupportInfo>;

/**
 * POST /api/contacts (001 §7): name, email, phone, message. `website` is a honeypot a person
 * never sees: a filled one is answered like a success and stored nowhere.
 */
export const ContactRequest = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  website: z.optional(z.string()),
});
export type ContactRequest = z.infer<typeof ContactRequest>;

/** 001 §7 "the reply has return, error, message": return true on success; a refusal is 4xx with return false and error a key. */
export const ContactResponse = z.object({
  return: z.boolean(),
  error: z.optional(z.string()),
  message: z.string(),
  /** for a field's refusal: field name → translation key */
  fields: z.optional(z.record(z.string(), z.string())),
});
export type ContactResponse = z.infer<typeof ContactResponse>;
