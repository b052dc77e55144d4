import { sql } from 'kysely';
import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_RULES,
  complaintDueDate,
  complaintReference,
  complaintUrgency,
  isComplaintCategory,
  isComplaintReference,
  type ComplaintCategory,
  type ComplaintStatus,
  type ComplaintUrgency,
} from '../../../core/complaints';
import { ComplaintKey, type Complaint, type NewComplaintRequest, type Ombudsman } from '../../../core/contract/complaints';
import type { ServerEvent } from '../../../core/contract/events';
import { formatDate } from '../../../core/format';
import type { Db } from '../../db';
import '../../db/schema-complaints';
import type { ComplaintRow } from '../../db/schema-complaints';
import { toCount } from '../../db/values';
import { complaintAcknowledgedMail, complaintAnsweredMail, siteLink, userLang, type MailLang } from '../mail';
import { notificationKey } from '../notifications/key';
import { notify } from '../notifications/notify';
import type { Messenger } from '../ports';
import { Refusal } from '../refusal';

/**
 * Complaints (issue 30 §7; the rules in core/complaints.ts, docs/complaints.md): the trader's
 * formal complaint, our own register, apart from support. A complaint gets its reference
 * (CMP-2026-000123: the UTC year and a number consecutive within it), its acknowledgement and its
 * due date in the same transaction as the row, with the in-app notification; the acknowledgement
 * email and the push follow the commit. The agents' desk lists them by due date and gives the
 * final answer once, naming the ombudsman. No HTTP here: every refusal is a `Refusal`, and every
 * moment comes from the caller's `now` (the database's clock is never used).
 */

export interface ComplaintDeps {
  db: Db;
  /** the acknowledgement and the final answer by email, after the commit */
  messenger?: Messenger;
  /** pushes to the owner's open tabs, after the commit */
  publish?: (userId: number, event: ServerEvent) => void;
  /** whom the final answer names (config.complaintsOmbudsman) */
  ombudsman: Ombudsman;
  /** the site's address (config.siteUrl): the emails link the complaints page absolutely */
  siteUrl?: string;
}

/** The longest agent name the desk keeps (the desk's own bound, not a trader's rule). */
export const AGENT_NAME_MAX = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

// ─── input ──────────────────────────────────────────────────────────────────────────────────────

/** Line ends made \n, control characters other than tab and newline removed: plain text, never HTML-interpreted. */
function plain(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}
/** one line: inner whitespace made one space, trimmed */
const oneLine = (value: string): string => plain(value).replace(/\s+/g, ' ').trim();
/** a text: lines kept, trimmed */
const textOf = (value: string): string => plain(value).trim();

export interface ComplaintInput {
  category: ComplaintCategory;
  subject: string;
  text: string;
}

/**
 * A new complaint's fields as they will be stored (subject one line, text trimmed), checked
 * against core/complaints.ts. Every bad field is named in `fields` (field → key); the refusal's
 * key is the first of them (category, subject, text).
 */
export function checkComplaint(request: { category: unknown; subject: unknown; text: unknown }): ComplaintInput {
  const fields: Record<string, string> = {};
  const messages: string[] = [];
  const category = typeof request.category === 'string' ? request.category.trim() : '';
  if (!isComplaintCategory(category)) {
    fields.category = 'complaint.category';
    messages.push(`Choose the category: one of ${COMPLAINT_CATEGORIES.join(', ')}.`);
  }
  const subject = oneLine(typeof request.subject === 'string' ? request.subject : '');
  if (subject.length < COMPLAINT_RULES.subjectMin || subject.length > COMPLAINT_RULES.subjectMax) {
    fields.subject = 'complaint.subject';
    messages.push(`The subject must be ${COMPLAINT_RULES.subjectMin} to ${COMPLAINT_RULES.subjectMax} characters.`);
  }
  const text = textOf(typeof request.text === 'string' ? request.text : '');
  if (text.length < COMPLAINT_RULES.textMin || text.length > COMPLAINT_RULES.textMax) {
    fields.text = 'complaint.text';
    messages.push(`Describe what happened in ${COMPLAINT_RULES.textMin} to ${COMPLAINT_RULES.textMax} characters.`);
  }
  const first = Object.values(fields)[0];
  if (first) throw new Refusal(400, first, messages.join(' '), { fields });
  return { category: category as ComplaintCategory, subject, text };
}

/** The final answer as it will be stored, checked against COMPLAINT_RULES.answerMin/answerMax; the agent's name one line. */
export function checkAnswer(answer: unknown, agent: unknown): { answer: string; agent: string } {
  const fields: Record<string, string> = {};
  const messages: string[] = [];
  const text = textOf(typeof answer === 'string' ? answer : '');
  if (text.length < COMPLAINT_RULES.answerMin || text.length > COMPLAINT_RULES.answerMax) {
    fields.answer = 'complaint.answer';
    messages.push(`The final answer must be ${COMPLAINT_RULES.answerMin} to ${COMPLAINT_RULES.answerMax} characters.`);
  }
  const name = oneLine(typeof agent === 'string' ? agent : '');
  if (name.length < 1 || name.length > AGENT_NAME_MAX) {
    fields.agent = 'complaint.agent';
    messages.push(`Enter the agent's name (${AGENT_NAME_MAX} characters at most).`);
  }
  const first = Object.values(fields)[0];
  if (first) throw new Refusal(400, first, messages.join(' '), { fields });
  return { answer: text, agent: name };
}

// ─── the trader's side ──────────────────────────────────────────────────────────────────────────

const iso = (value: Date | string): string => new Date(value).toISOString();
const notFound = () => new Refusal(404, 'complaint.not_found', 'No such complaint.');

/** The start of the UTC day of `now`. */
const utcDay = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** A row as the trader sees it (core/contract/complaints.ts); the answer names the configured ombudsman. */
/** What the trader and the agents both see of a complaint: what was said, its status and its three times. */
const sharedOf = (row: ComplaintRow) => ({
  reference: row.reference,
  category: row.category,
  subject: row.subject,
  text: row.text,
  status: row.status,
  created_at: iso(row.created_at),
  acknowledged_at: iso(row.acknowledged_at),
  due_at: iso(row.due_at),
});

export function complaintOf(row: ComplaintRow, ombudsman: Ombudsman): Complaint {
  return {
    ...sharedOf(row),
    answer: row.answer !== null && row.answered_at !== null ? { text: row.answer, at: iso(row.answered_at), ombudsman: { name: ombudsman.name, url: ombudsman.url } } : null,
  };
}

const sameContent = (row: ComplaintRow, input: ComplaintInput): boolean => row.category === input.category && row.subject === input.subject && row.text === input.text;

/** The trader's complaints page in their language, absolute when the site's address is known. */
const pageLink = (siteUrl: string | undefined, lang: MailLang): string => siteLink(siteUrl ?? '', `/${lang}/trading#/show/complaints`);

/**
 * Makes a complaint (idempotent by `request.key`). Checked first, nothing written on a refusal:
 * the fields (400 `complaint.category` / `complaint.subject` / `complaint.text` with `fields`, or
 * `complaint.key`); the same key again answers the first complaint (its content must be the same:
 * else 409 `complaint.key_reused`); more than COMPLAINT_RULES.perDay in one UTC day is 429
 * `complaint.rate` (Retry-After: until the next UTC day). Then, in one transaction: the year's
 * counter steps by one, the row is written acknowledged at `now` and due at complaintDueDate(now),
 * and the trader's notification `complaint.acknowledged` is stored. After the commit: the push
 * (`notification.new`) and the acknowledgement email in the trader's language.
 */
export async function makeComplaint(deps: ComplaintDeps, userId: number, request: NewComplaintRequest, now: Date): Promise<Complaint> {
  if (!ComplaintKey.safeParse(request.key).success) throw new Refusal(400, 'complaint.key', 'The request key must be 8 to 64 letters, digits, _ or -.', { fields: { key: 'complaint.key' } });
  const input = checkComplaint(request);
  const made = await deps.db.transaction().execute(async (trx) => {
    // one complaint of a trader at a time: the key and the day's count below are read under this lock
    const user = await trx.selectFrom('users').select(['id', 'email']).where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!user) throw new Refusal(401, 'auth.required', 'Please sign in.');
    const existing = await trx.selectFrom('complaints').selectAll().where('user_id', '=', userId).where('idem_key', '=', request.key).executeTakeFirst();
    if (existing) {
      if (!sameContent(existing, input)) throw new Refusal(409, 'complaint.key_reused', 'This request key was already used for another complaint: send the new complaint with a new key.');
      return { row: existing, created: false as const };
    }
    const day = utcDay(now);
    const next = new Date(day.getTime() + DAY_MS);
    const today = await trx
      .selectFrom('complaints')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', day)
      .where('created_at', '<', next)
      .executeTakeFirstOrThrow();
    if (toCount(today.n as bigint | string | number) >= COMPLAINT_RULES.perDay) {
      const seconds = Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000));
      throw new Refusal(429, 'complaint.rate', `You can make at most ${COMPLAINT_RULES.perDay} complaints a day. You can make another after midnight UTC.`, {
        headers: { 'retry-after': String(seconds) },
      });
    }
    // the year's next number: one upsert, locked until this transaction ends (a rollback takes the step back)
    const year = now.getUTCFullYear();
    const counter = await trx
      .insertInto('complaint_counters')
      .values({ year, last: 1 })
      .onConflict((oc) => oc.column('year').doUpdateSet({ last: sql<number>`complaint_counters.last + 1` }))
      .returning('last')
      .executeTakeFirstOrThrow();
    const reference = complaintReference(year, Number(counter.last));
    const dueAt = complaintDueDate(now);
    const row = await trx
      .insertInto('complaints')
      .values({ reference, user_id: userId, idem_key: request.key, category: input.category, subject: input.subject, text: input.text, status: 'open', created_at: now, acknowledged_at: now, due_at: dueAt })
      .returningAll()
      .executeTakeFirstOrThrow();
    // the acknowledgement in the app: stored with the complaint, or not at all
    await notify(trx, {
      userId,
      kind: 'complaint.acknowledged',
      params: { reference, due: formatDate(dueAt, 'UTC'), due_at: dueAt.toISOString() },
      key: notificationKey('complaint', reference, 'acknowledged'),
    });
    return { row, created: true as const, email: user.email, lang: await userLang(trx, userId) };
  });
  const complaint = complaintOf(made.row, deps.ombudsman);
  if (made.created) {
    deps.publish?.(userId, { type: 'notification.new' });
    if (deps.messenger) {
      const mail = complaintAcknowledgedMail(made.lang, { reference: complaint.reference, category: complaint.category, subject: complaint.subject, dueAt: new Date(complaint.due_at), link: pageLink(deps.siteUrl, made.lang) });
      await deps.messenger.send({ userId, channel: 'email', address: made.email, ...mail });
    }
  }
  return complaint;
}

/** The trader's complaints, newest first. */
export async function listComplaints(deps: Pick<ComplaintDeps, 'db' | 'ombudsman'>, userId: number): Promise<Complaint[]> {
  const rows = await deps.db.selectFrom('complaints').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((row) => complaintOf(row, deps.ombudsman));
}

/** One of the trader's complaints by its reference; another trader's, or none, is 404 `complaint.not_found`. */
export async function showComplaint(deps: Pick<ComplaintDeps, 'db' | 'ombudsman'>, userId: number, reference: string): Promise<Complaint> {
  if (!isComplaintReference(reference)) throw notFound();
  const row = await deps.db.selectFrom('complaints').selectAll().where('reference', '=', reference).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound();
  return complaintOf(row, deps.ombudsman);
}

// ─── the agents' desk ───────────────────────────────────────────────────────────────────────────

/** A complaint on the agents' desk. */
export interface DeskComplaint {
  reference: string;
  userId: number;
  /** the trader's email */
  email: string;
  category: ComplaintCategory;
  subject: string;
  text: string;
  status: ComplaintStatus;
  created_at: string;
  acknowledged_at: string;
  due_at: string;
  /** an open complaint against its due date (core/complaints.ts complaintUrgency); null once answered */
  urgency: ComplaintUrgency | null;
  answer: string | null;
  answered_at: string | null;
  answered_by: string | null;
}

const deskOf = (row: ComplaintRow & { email: string }, now: Date): DeskComplaint => ({
  ...sharedOf(row),
  userId: row.user_id,
  email: row.email,
  urgency: row.status === 'open' ? complaintUrgency(new Date(row.due_at), now) : null,
  answer: row.answer,
  answered_at: row.answered_at ? iso(row.answered_at) : null,
  answered_by: row.answered_by,
});

/** Every complaint for the agents: the open ones first, each part by due date (soonest first), with the trader's email and each open one's urgency at `now`. */
export async function complaintDesk(db: Db, now: Date): Promise<DeskComplaint[]> {
  const rows = await db
    .selectFrom('complaints as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .selectAll('c')
    .select('u.email')
    .orderBy(sql`case when c.status = 'open' then 0 else 1 end`)
    .orderBy('c.due_at', 'asc')
    .orderBy('c.id', 'asc')
    .execute();
  return rows.map((row) => deskOf(row, now));
}

/**
 * The final answer, once: 400 `complaint.answer` (COMPLAINT_RULES.answerMin..answerMax) or
 * `complaint.agent`; 404 `complaint.not_found`; 409 `complaint.answered` when it has one already
 * (nothing changes). In one transaction: the answer, when and by whom, status `answered`, and the
 * trader's notification `complaint.answered` naming the ombudsman; after the commit the push
 * (`notification.new`, `complaint.updated {id: reference, status: 'answered'}`) and the email
 * with the answer and the ombudsman, in the trader's language.
 */
export async function answerComplaint(deps: ComplaintDeps, reference: string, answer: unknown, agent: unknown, now: Date): Promise<DeskComplaint> {
  const checked = checkAnswer(answer, agent);
  if (!isComplaintReference(reference)) throw notFound();
  const { ombudsman } = deps;
  const done = await deps.db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('complaints').select(['id', 'status', 'user_id']).where('reference', '=', reference).forUpdate().executeTakeFirst();
    if (!current) throw notFound();
    if (current.status !== 'open') throw new Refusal(409, 'complaint.answered', 'This complaint has its final answer already: nothing changed.');
    const row = await trx
      .updateTable('complaints')
      .set({ status: 'answered', answer: checked.answer, answered_at: now, answered_by: checked.agent })
      .where('id', '=', current.id)
      .where('status', '=', 'open')
      .returningAll()
      .executeTakeFirstOrThrow();
    await notify(trx, { userId: row.user_id, kind: 'complaint.answered', params: { reference, ombudsman: ombudsman.name, ombudsman_url: ombudsman.url }, key: notificationKey('complaint', reference, 'answered') });
    const user = await trx.selectFrom('users').select('email').where('id', '=', row.user_id).executeTakeFirstOrThrow();
    return { row: { ...row, email: user.email }, lang: await userLang(trx, row.user_id) };
  });
  const { row, lang } = done;
  deps.publish?.(row.user_id, { type: 'notification.new' });
  deps.publish?.(row.user_id, { type: 'complaint.updated', id: row.reference, status: row.status });
  if (deps.messenger) {
    const mail = complaintAnsweredMail(lang, { reference: row.reference, subject: row.subject, answer: checked.answer, ombudsman, link: pageLink(deps.siteUrl, lang) });
    await deps.messenger.send({ userId: row.user_id, channel: 'email', address: row.email, ...mail });
  }
  return deskOf(row, now);
}

// ─── the operator's monthly count ───────────────────────────────────────────────────────────────

export interface ComplaintMonthCounts {
  /** 2026-11 */
  month: string;
  total: number;
  /** every category of core/complaints.ts in its order, zeros included */
  categories: { category: ComplaintCategory; count: number }[];
}

/** `2026-11` → { year: 2026, month: 11 }; null when it names no month. */
export function parseMonth(value: unknown): { year: number; month: number } | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return year >= 2000 && month >= 1 && month <= 12 ? { year, month } : null;
}

/** `now`'s UTC month. */
export const monthOf = (now: Date): { year: number; month: number } => ({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 });

/** How many complaints of each category were made in a UTC month (1-12), every category listed. */
export async function complaintCounts(db: Db, year: number, month: number): Promise<ComplaintMonthCounts> {
  if (!Number.isInteger(year) || !Number.isInteger(month) || year < 2000 || year > 9999 || month < 1 || month > 12) {
    throw new Refusal(400, 'complaint.month', 'Name a month as YYYY-MM (2026-11).', { fields: { month: 'complaint.month' } });
  }
  const from = new Date(Date.UTC(year, month - 1, 1));
  const to = new Date(Date.UTC(year, month, 1));
  const rows = await db
    .selectFrom('complaints')
    .select((eb) => ['category', eb.fn.countAll().as('n')])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy('category')
    .execute();
  const found = new Map(rows.map((r) => [r.category as string, toCount(r.n as bigint | string | number)]));
  const categories = COMPLAINT_CATEGORIES.map((category) => ({ category, count: found.get(category) ?? 0 }));
  return { month: `${year}-${String(month).padStart(2, '0')}`, total: categories.reduce((sum, c) => sum + c.count, 0), categories };
}
