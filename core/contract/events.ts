import * as z from 'zod/mini';

/**
 * One server-sent event (GET /api/events, `data:` is this JSON). Areas add their own types:
 *   user.updated                       the user or a balance changed: reload it
 *   payment.updated  id, status        a card payment attempt moved
 *   invoice.updated  id (guid), status a crypto invoice moved
 *   document.updated id, status, kind  a verification document was reviewed
 *   bank.updated     id, status        a reported bank/fiat transfer changed (receipt, received)
 *   ticket.updated   id, status        a support ticket changed: an agent replied or set its status; status is the status_id
 *   complaint.updated id, status      a complaint got its final answer (id: the reference; status: answered)
 *   server.closing                     the server is shutting down: the stream ends; reconnect after a short delay
 */
export const ServerEvent = z.object({
  type: z.string().check(z.maxLength(64)),
  id: z.optional(z.string()),
  status: z.optional(z.string()),
  kind: z.optional(z.string()),
  /** for document.updated: the reviewer's reason of a rejection */
  reason: z.optional(z.string().check(z.maxLength(500))),
});
export type ServerEvent = z.infer<typeof ServerEvent>;
