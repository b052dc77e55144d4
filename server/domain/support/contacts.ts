import { createHash } from 'node:crypto';
import { SUPPORT_LIMITS, type CallRequest, type CallResponse, type ContactRequest, type SupportInfo } from '../../../core/contract/support';
import type { Db } from '../../db';
import '../../db/schema-support';
import type { HelpDesk } from '../ports';
import { Refusal } from '../refusal';
import { checkCallbackRate, checkContactRate } from './limits';
import { boundedLine, boundedText, emailOf, phoneOf } from './rules';

/**
 * Call-back requests (000 §2, §5, §7-8) and the contact form with the company's support
 * contacts (001 §5, §7-8).
 */

/** POST /api/call: the phone (at least 7 characters, else calls.error_phone) lands in the desk as a call-back. */
export async function requestCallBack(db: Db, desk: HelpDesk, userId: number, request: CallRequest, now = new Date()): Promise<CallResponse> {
  const phone = phoneOf(request.phone);
  const key = request.key ?? null;
  if (key) {
    const existing = await db.selectFrom('support_callbacks').select('id').where('user_id', '=', userId).where('idem_key', '=', key).executeTakeFirst();
    if (existing) return { ok: true, message: 'calls.server_success', ticket: String(existing.id) };
  }
  await checkCallbackRate(db, userId, now);
  const { id } = await desk.callBack({ userId, phone, time: request.time ?? 'any', key });
  return { ok: true, message: 'calls.server_success', ticket: id };
}

/** GET /api/info: the company's support email and phone (configuration). */
export const supportInfo = (config: { supportEmail: string; supportPhone: string }): SupportInfo => ({ email: config.supportEmail, phone: config.supportPhone });

/** The client address as stored: a SHA-256, never the address. */
export const clientHash = (address: string): string => createHash('sha256').update(`support-contact:${address}`).digest('hex');

function field<T>(name: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    // a contact form's refusal names its field: 400 with the field's key in `fields`
    if (error instanceof Refusal && error.status === 400) throw new Refusal(400, error.key, error.message, { fields: { [name]: error.key } });
    throw error;
  }
}

/**
 * POST /api/contacts: checks each field (name, email, phone at least 7 characters, message),
 * the per-address limit, and stores the message for the console. A filled honeypot (`website`)
 * is answered like a success and stored nowhere. Returns whether it was stored.
 */
export async function submitContact(db: Db, request: ContactRequest, client: { address: string; userId: number | null }, now = new Date()): Promise<{ stored: boolean }> {
  if ((request.website ?? '').trim() !== '') return { stored: false };
  const name = field('name', () => boundedLine(request.name, 'contacts.name', 'name', SUPPORT_LIMITS.name));
  const email = field('email', () => emailOf(request.email));
  const phone = field('phone', () => phoneOf(request.phone, 'contacts.error_phone'));
  const message = field('message', () => boundedText(request.message, 'contacts.message', 'message', SUPPORT_LIMITS.message));
  const hash = clientHash(client.address);
  await checkContactRate(db, hash, now);
  await db.insertInto('support_contacts').values({ name, email, phone, message, client_hash: hash, user_id: client.userId, created_at: now }).execute();
  return { stored: true };
}

export interface ContactSubmission {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  userId: number | null;
  created_at: string;
}

/** For the agent console: the newest contact messages first. */
export async function listContacts(db: Db, limit = 100): Promise<ContactSubmission[]> {
  const rows = await db.selectFrom('support_contacts').select(['id', 'name', 'email', 'phone', 'message', 'user_id', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({ id: String(r.id), name: r.name, email: r.email, phone: r.phone, message: r.message, userId: r.user_id, created_at: new Date(r.created_at).toISOString() }));
}
