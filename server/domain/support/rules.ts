import { SUPPORT_LIMITS, type FormOption, type TicketForm } from '../../../core/contract/support';
import { DOCUMENT_MAX_BYTES } from '../verification/documents';
import { Refusal } from '../refusal';
import { isUploadMime, UPLOAD_TYPES } from '../../../core/upload';

/**
 * The rules of support every entry point applies: the form's options, the bounds with
 * their messages, plain text only, and the per-account (or per-address) rate limits.
 */

/** Departments (002 §3): '27' is the page's default, '62' the dialog's. */
export const DEPARTMENTS: readonly FormOption[] = [
  { id: '27', name: 'General questions' },
  { id: '62', name: 'My account and trading' },
  { id: '31', name: 'Deposits and payments' },
  { id: '35', name: 'Verification' },
  { id: '38', name: 'Withdrawals' },
  { id: '44', name: 'Technical problem' },
];
/** Priority: '1' (Normal) is the default. */
export const PRIORITIES: readonly FormOption[] = [
  { id: '1', name: 'Normal' },
  { id: '2', name: 'High' },
  { id: '3', name: 'Urgent' },
];
export const STATUS_NAME: Readonly<Record<1 | 2 | 3, string>> = { 1: 'Open', 2: 'Answered', 3: 'Closed' };

export const ticketForm = (): TicketForm => ({
  departments: [...DEPARTMENTS],
  priority: [...PRIORITIES],
  defaults: { page: '27', dialog: '62', priority: '1' },
  maxAttachments: SUPPORT_LIMITS.attachments,
  maxBytes: DOCUMENT_MAX_BYTES,
});

export const departmentName = (id: string): string => DEPARTMENTS.find((d) => d.id === id)?.name ?? `Department ${id}`;

export interface RateLimit {
  perWindow: number;
  windowMs: number;
}
const HOUR = 60 * 60_000;
/** per account (contacts: per client address), counted in the database */
export const SUPPORT_RATE = {
  tickets: { perWindow: 5, windowMs: HOUR },
  replies: { perWindow: 20, windowMs: HOUR },
  callbacks: { perWindow: 3, windowMs: HOUR },
  contacts: { perWindow: 5, windowMs: HOUR },
} as const satisfies Record<string, RateLimit>;

/** Line ends made \n, control characters other than tab and newline removed; never HTML-interpreted anywhere. */
export function plainText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}

/** A bounded single-line text: trimmed, 1..max characters, else a 400 with the field's key and a clear message. */
export function boundedLine(value: string, key: string, label: string, max: number): string {
  const text = plainText(value).replace(/\s+/g, ' ').trim();
  if (text === '') throw new Refusal(400, `${key}_required`, `Please enter the ${label}.`);
  if (text.length > max) throw new Refusal(400, `${key}_long`, `The ${label} is too long (${max} characters at most).`);
  return text;
}

/** A bounded message body: trimmed, 1..max characters, lines kept. */
export function boundedText(value: string, key: string, label: string, max: number): string {
  const text = plainText(value).trim();
  if (text === '') throw new Refusal(400, `${key}_required`, `Please write the ${label}.`);
  if (text.length > max) throw new Refusal(400, `${key}_long`, `The ${label} is too long (${max} characters at most).`);
  return text;
}

export const subjectOf = (value: string): string => boundedLine(value, 'support.subject', 'subject', SUPPORT_LIMITS.subject);
export const contentOf = (value: string): string => boundedText(value, 'support.content', 'message', SUPPORT_LIMITS.content);

/** A phone as typed (spaces, +, -, brackets allowed): at least 7 characters (000 §8 calls.error_phone), at most 32, with digits. */
export function phoneOf(value: string, key = 'calls.error_phone'): string {
  const phone = plainText(value).replace(/\s+/g, ' ').trim();
  const message = `Enter your phone number: at least ${SUPPORT_LIMITS.phoneMin} characters.`;
  if (phone.length < SUPPORT_LIMITS.phoneMin) throw new Refusal(400, key, message);
  if (phone.length > SUPPORT_LIMITS.phone) throw new Refusal(400, key, `The phone number is too long (${SUPPORT_LIMITS.phone} characters at most).`);
  if (!/^\+?[0-9 ()./-]+$/.test(phone) || (phone.match(/[0-9]/g)?.length ?? 0) < 5) throw new Refusal(400, key, 'Enter the phone number with digits only (spaces, +, - and brackets are fine).');
  return phone;
}

export function departmentOf(value: string): string {
  if (!DEPARTMENTS.some((d) => d.id === value)) throw new Refusal(400, 'support.department', `Unknown department. Choose one of: ${DEPARTMENTS.map((d) => `${d.id} (${d.name})`).join(', ')}.`);
  return value;
}

export function priorityOf(value: string): string {
  if (!PRIORITIES.some((p) => p.id === value)) throw new Refusal(400, 'support.priority', `Unknown priority. Choose one of: ${PRIORITIES.map((p) => `${p.id} (${p.name})`).join(', ')}.`);
  return value;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The attachment ids of a message: at most SUPPORT_LIMITS.attachments, each an attachment id, no repeats. */
export function attachmentIdsOf(ids: readonly string[] | undefined): string[] {
  const list = [...new Set(ids ?? [])];
  if (list.length > SUPPORT_LIMITS.attachments) throw new Refusal(400, 'support.attachments_many', `At most ${SUPPORT_LIMITS.attachments} attachments per message.`);
  if (list.some((id) => !UUID.test(id))) throw new Refusal(400, 'support.attachment', 'An attachment is not one of your uploaded files: upload it again.');
  return list;
}

/** A ticket id as the wire says it ('12'), or null when it cannot name a ticket. */
export function ticketIdOf(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  if (!/^[1-9][0-9]{0,8}$/.test(text)) return null;
  return Number(text);
}

export const isAttachmentId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/**
 * A file name as the trader named it, made safe to show and to store: the last path segment,
 * letters, digits and `. _ - ( ) space` only, at most 120 characters, and the extension of the
 * detected type; 'attachment.png' when nothing is left.
 */
export function safeFileName(name: string | undefined, mime: string): string {
  const ext = isUploadMime(mime) ? UPLOAD_TYPES[mime].extension : 'jpg';
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  const base = last
    .normalize('NFKC')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[ .]+|[ .]+$/g, '')
    .slice(0, 110);
  return `${base || 'attachment'}.${ext}`;
}

/** Email as a contact gives it: trimmed, lower-case domain, a plausible address of at most 254 characters. */
export function emailOf(value: string): string {
  const email = value.trim();
  if (email === '') throw new Refusal(400, 'contacts.email_required', 'Please enter your email.');
  if (email.length > SUPPORT_LIMITS.email || !/^[^\s@<>()[\]\\,;:"]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/.test(email)) {
    throw new Refusal(400, 'contacts.email_invalid', 'Please enter a valid email address.');
  }
  return email;
}
