import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CardProcessor } from '../../../core/contract';
import type { Charge, ProcessorGateway, RefundAnswer, RefundRequest } from '../../domain/ports';
import { SIGNATURE_HEADER, signWebhook } from '../../domain/methods';
import type { ReversalEventType } from '../../domain/payments/reversal-webhook';

/** The sandbox processors' refund: accepted at once, its id derived from our key (the same key again answers the same id). */
export const sandboxRefundId = (processor: string, key: string): string => `re_${processor.toLowerCase()}_${createHash('sha256').update(key).digest('hex').slice(0, 20)}`;

/**
 * The sandbox processors with refunds (issue 32 §2): `refund` answers `accepted` with an id of
 * the request's key, so a repeat refunds nothing twice; the outcome follows as the processor's
 * signed webhook, which the refunds console sends (sendProcessorEvent).
 */
export function withSandboxRefunds(inner: ProcessorGateway): ProcessorGateway {
  return {
    ...inner,
    async refund(processor: CardProcessor, _charge: Charge, refund: RefundRequest): Promise<RefundAnswer> {
      if (refund.amountMinor <= 0n) return { kind: 'refused', message: 'The refund amount must be above zero.' };
      return { kind: 'accepted', refundId: sandboxRefundId(processor, refund.key) };
    },
  };
}

/** One event as a processor (or wallet provider) sends it. */
export interface SandboxReversalEvent {
  type: ReversalEventType;
  /** the card payment (processors) or the wallet deposit (providers) */
  paymentId: string;
  /** the processor's refund or dispute id */
  reference: string;
  amount: string;
  currency: string;
  reason?: string;
}

/** The signed body a sandbox processor or provider sends: a fresh event id, the time now. */
export function sandboxEventBody(event: SandboxReversalEvent, wallet: boolean, now = new Date()): string {
  return JSON.stringify({
    event_id: `evt_${randomUUID()}`,
    type: event.type,
    ...(wallet ? { deposit_id: event.paymentId } : { payment_id: event.paymentId }),
    reference: event.reference,
    amount: event.amount,
    currency: event.currency,
    created: Math.floor(now.getTime() / 1000),
    ...(event.reason && { reason: event.reason }),
  });
}

/**
 * Sends the event to our webhook route the way the processor would (through the router, so the
 * signature, staleness and replay checks really run): POST /api/processors/{name}/webhook, or
 * for a wallet provider its POST /api/methods/{provider}/webhook. Answers our route's status and body.
 */
export async function sendReversalEvent(app: FastifyInstance, target: { kind: 'processor' | 'wallet'; name: string; secret: string }, raw: string): Promise<{ status: number; body: unknown }> {
  const url = target.kind === 'processor' ? `/api/processors/${target.name.toLowerCase()}/webhook` : `/api/methods/${target.name}/webhook`;
  const sent = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(target.secret, raw) }, payload: raw });
  let body: unknown = sent.body;
  try {
    body = sent.json();
  } catch {
    // not JSON: kept as text
  }
  return { status: sent.statusCode, body };
}
