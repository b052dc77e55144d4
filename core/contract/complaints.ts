import * as z from 'zod/mini';
import { COMPLAINT_CATEGORIES, COMPLAINT_STATUSES } from '../complaints';

/**
 * Complaints (issue 30 §7; rules in core/complaints.ts): the trader's formal complaint, distinct
 * from support. Our own register, not the help desk: the reference, the acknowledgement and the
 * due date are written in the same transaction as the complaint.
 *
 * Calls (every state-changing one is a POST with the CSRF header; signed in):
 *   GET  /api/complaints                        ComplaintList: the trader's own, newest first
 *   POST /api/complaints   NewComplaintRequest  ComplaintResponse (idempotent by key; 429 complaint.rate past perDay)
 *   GET  /api/complaints/{reference}            ComplaintResponse (the owner's only: 404 complaint.not_found otherwise)
 * The agents' desk is the sandbox console /sandbox/complaints (docs/complaints.md), with a JSON twin
 * for scripts and tests under /api/sandbox/complaints (operator token).
 */

export const ComplaintCategory = z.enum(COMPLAINT_CATEGORIES);
export type ComplaintCategoryWire = z.infer<typeof ComplaintCategory>;
export const ComplaintStatus = z.enum(COMPLAINT_STATUSES);

/** An idempotency key: the same submit twice makes one complaint. */
export const ComplaintKey = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'complaint.key'));

export const NewComplaintRequest = z.object({
  key: ComplaintKey,
  category: z.string(),
  subject: z.string(),
  text: z.string(),
});
export type NewComplaintRequest = z.infer<typeof NewComplaintRequest>;

/** Who the trader may go to when the final answer does not settle it. */
export const Ombudsman = z.object({ name: z.string(), url: z.string() });
export type Ombudsman = z.infer<typeof Ombudsman>;

export const ComplaintAnswer = z.object({
  text: z.string(),
  /** ISO time of the final answer */
  at: z.string(),
  ombudsman: Ombudsman,
});
export type ComplaintAnswer = z.infer<typeof ComplaintAnswer>;

export const Complaint = z.object({
  /** CMP-2026-000123 */
  reference: z.string(),
  category: ComplaintCategory,
  subject: z.string(),
  text: z.string(),
  status: ComplaintStatus,
  /** ISO times: made, acknowledged (the same moment), the final answer due */
  created_at: z.string(),
  acknowledged_at: z.string(),
  due_at: z.string(),
  answer: z.nullable(ComplaintAnswer),
});
export type Complaint = z.infer<typeof Complaint>;

export const ComplaintResponse = z.object({ complaint: Complaint });
export type ComplaintResponse = z.infer<typeof ComplaintResponse>;

export const ComplaintList = z.object({ complaints: z.array(Complaint) });
export type ComplaintList = z.infer<typeof ComplaintList>;
