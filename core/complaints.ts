/**
 * Complaints (issue 30 §7): the rules, once. A complaint is not a support ticket: it is the
 * trader's formal statement that the firm did something wrong, kept in our own register (not the
 * help desk), acknowledged at once with a reference, answered within two months, and the final
 * answer names the ombudsman the trader may go to next. The categories are the ones a regulator's
 * complaints return counts (CySEC reports "withdrawal of funds" on its own line).
 */

/** The categories, in the order the form offers them; `withdrawal` is the regulator's own line. */
export const COMPLAINT_CATEGORIES = ['withdrawal', 'deposit', 'execution', 'account', 'bonus', 'fees', 'service', 'other'] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];
export const isComplaintCategory = (value: string): value is ComplaintCategory => (COMPLAINT_CATEGORIES as readonly string[]).includes(value);

export const COMPLAINT_RULES = {
  /** the final answer is due this many calendar months after the complaint */
  answerMonths: 2,
  /** a complaint whose due date is this close (or past) is flagged on the agents' desk */
  nearDueDays: 14,
  /** the subject: one line */
  subjectMin: 3,
  subjectMax: 120,
  /** what happened, in the trader's words */
  textMin: 20,
  textMax: 5000,
  /** the final answer */
  answerMin: 20,
  answerMax: 5000,
  /** complaints one trader may make in a day (the server's per-account limit) */
  perDay: 5,
  /** the reference: CMP-{year}-{six digits} */
  prefix: 'CMP',
  digits: 6,
} as const;

/** "CMP-2026-000123": the year the complaint was made (UTC) and its number within that year. */
export function complaintReference(year: number, seq: number): string {
  return `${COMPLAINT_RULES.prefix}-${year}-${String(seq).padStart(COMPLAINT_RULES.digits, '0')}`;
}

const REFERENCE = new RegExp(`^${COMPLAINT_RULES.prefix}-\\d{4}-\\d{${COMPLAINT_RULES.digits},}$`);
export const isComplaintReference = (value: string): boolean => REFERENCE.test(value);

/**
 * The final answer's due date: the same moment `answerMonths` calendar months later (UTC), the
 * month's last day when it has no such day (31 December + 2 months = 28 or 29 February).
 */
export function complaintDueDate(createdAt: Date): Date {
  const y = createdAt.getUTCFullYear();
  const m = createdAt.getUTCMonth() + COMPLAINT_RULES.answerMonths;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const due = new Date(createdAt.getTime());
  due.setUTCDate(1);
  due.setUTCMonth(m);
  due.setUTCDate(Math.min(createdAt.getUTCDate(), lastDay));
  return due;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How an open complaint stands against its due date: `overdue`, `near` (within nearDueDays) or `ok`. */
export type ComplaintUrgency = 'overdue' | 'near' | 'ok';
export function complaintUrgency(dueAt: Date, now: Date): ComplaintUrgency {
  if (now.getTime() >= dueAt.getTime()) return 'overdue';
  if (dueAt.getTime() - now.getTime() <= COMPLAINT_RULES.nearDueDays * DAY_MS) return 'near';
  return 'ok';
}

/** The statuses: open (acknowledged, being looked at) and answered (the final answer given). */
export const COMPLAINT_STATUSES = ['open', 'answered'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
