import * as z from 'zod/mini';

/**
 * Appropriateness (issue 30 §6; rules in core/appropriateness.ts, docs/appropriateness.md).
 *
 * Calls (signed in; the POSTs carry the CSRF header):
 *   GET  /api/appropriateness                               AppropriatenessStatus
 *   POST /api/appropriateness               AnswersRequest  AppropriatenessStatus (scored and recorded)
 *        (400 validation with `fields` {questionId: appropriateness.unanswered|option|unknown};
 *         409 appropriateness.cooldown with params {retryAt} during the 24 hours after a failed test;
 *         409 appropriateness.done once passed or the risk accepted;
 *         409 appropriateness.not_required for a demo account)
 *   POST /api/appropriateness/accept-risk   AcceptRiskRequest AppropriatenessStatus
 *        (409 appropriateness.not_failed without a failed test; 409 appropriateness.cooldown before
 *         the cool-down ends; 409 appropriateness.done)
 * Until the trader passed or accepted the risk, the platform refuses a trade of a real-money
 * account with 403 trading.appropriateness (and GET /api/cashier/locks lists `appropriateness`).
 */

export const AppropriatenessState = z.enum(['not_required', 'required', 'passed', 'failed', 'accepted']);
export type AppropriatenessState = z.infer<typeof AppropriatenessState>;

export const PublicQuestion = z.object({
  id: z.string(),
  /** message key of its text */
  text: z.string(),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type PublicQuestion = z.infer<typeof PublicQuestion>;

export const AppropriatenessStatus = z.object({
  state: AppropriatenessState,
  /** the latest test's right answers and of how many; null before the first */
  score: z.nullable(z.number()),
  of: z.number(),
  /** right answers needed to pass */
  passMark: z.number(),
  /** tests taken so far */
  attempts: z.number(),
  /** ISO: the latest test's time */
  takenAt: z.nullable(z.string()),
  /** ISO: after a failed test, when the trader may try again or accept the risk */
  retryAt: z.nullable(z.string()),
  /** failed and the cool-down is over (as the server's clock says) */
  ready: z.boolean(),
  /** ISO: when the risk was accepted */
  riskAcceptedAt: z.nullable(z.string()),
  /** the questions without their answers (empty when the trader may not answer now) */
  questions: z.array(PublicQuestion),
});
export type AppropriatenessStatus = z.infer<typeof AppropriatenessStatus>;

export const AnswersRequest = z.object({
  /** question id → option id, one for every question */
  answers: z.record(z.string().check(z.maxLength(32)), z.string().check(z.maxLength(32))),
});
export type AnswersRequest = z.infer<typeof AnswersRequest>;

export const AcceptRiskRequest = z.object({
  /** the trader ticked "I understand the risk and want to trade anyway" */
  understood: z.literal(true),
});
export type AcceptRiskRequest = z.infer<typeof AcceptRiskRequest>;
