import * as z from 'zod/mini';
import { METHODS } from '../../../core/methods';
import { PROCESSORS } from '../../../core/cascade/processors';
import type { MethodConfig } from '../methods/config';
import { WEBHOOK_TOLERANCE_MS } from '../methods/config';
import { Refusal } from '../refusal';
import { signedBy } from '../methods/signature';

/**
 * The refund and dispute events of a card processor or a wallet provider (issue 32 §2), as a
 * signed webhook: the same signing as the wallets' payment webhooks (`x-webhook-signature:
 * sha256=<hex HMAC-SHA256 of the raw body>` with the sender's secret), the same 5-minute window
 * on `created`, and the event id taken once (a replay is refused).
 *
 * A processor posts to `POST /api/processors/{name}/webhook` with `payment_id` (our card
 * payment); a wallet provider posts these types to its existing `POST /api/methods/{provider}/webhook`
 * with `deposit_id`. `reference` is the processor's refund or dispute id.
 */
export const REVERSAL_EVENTS = ['refund.succeeded', 'refund.failed', 'dispute.opened', 'dispute.won', 'dispute.lost'] as const;
export type ReversalEventType = (typeof REVERSAL_EVENTS)[number];
export const isReversalEvent = (type: unknown): type is ReversalEventType => typeof type === 'string' && (REVERSAL_EVENTS as readonly string[]).includes(type);

const uuid = z.string().check(z.regex(/^[0-9a-f-]{36}$/));
export const ReversalBody = z.object({
  event_id: z.string().check(z.minLength(1), z.maxLength(100)),
  type: z.enum(REVERSAL_EVENTS),
  payment_id: z.optional(uuid),
  deposit_id: z.optional(uuid),
  reference: z.string().check(z.minLength(1), z.maxLength(100)),
  amount: z.string().check(z.regex(/^\d{1,15}(\.\d{1,8})?$/)),
  currency: z.string().check(z.maxLength(8)),
  /** unix seconds */
  created: z.number().check(z.int()),
  reason: z.optional(z.string().check(z.maxLength(200))),
});
export type ReversalBody = z.infer<typeof ReversalBody>;

/** The processors' webhook secrets by lower-case name (PROCESSOR_WEBHOOK_SECRET_{NAME}). */
export const sandboxProcessorSecretOf = (processor: string): string => `sandbox-${processor.toLowerCase()}-webhook-secret`;

/**
 * The secret per processor (config.processorWebhookSecrets): configured ones, and in sandbox mode
 * the sandbox processors' defaults for the rest; outside sandbox mode a processor without one has
 * its webhooks refused.
 */
export function loadProcessorSecrets(sandbox: boolean, configured: Partial<Record<string, string>> = {}): MethodConfig {
  const secrets: Record<string, string> = {};
  for (const processor of PROCESSORS) {
    const name = processor.toLowerCase();
    const set = configured[name]?.trim();
    if (set) secrets[name] = set;
    else if (sandbox) secrets[name] = sandboxProcessorSecretOf(name);
  }
  return { secrets };
}

/** Checks the signature with `secret` (401), the body's shape (400) and its time (400 stale); answers the body. */
export function verifyReversalWebhook(secret: string, rawBody: string, signature: string | undefined, now: Date): ReversalBody {
  if (!signedBy(secret, rawBody, signature)) throw new Refusal(401, 'webhook.signature', 'The signature does not match.');
  let body: ReversalBody;
  try {
    const parsed = ReversalBody.safeParse(JSON.parse(rawBody));
    if (!parsed.success) throw new Error('shape');
    body = parsed.data;
  } catch {
    throw new Refusal(400, 'webhook.malformed', 'The webhook body is not understood.');
  }
  if (Math.abs(now.getTime() - body.created * 1000) > WEBHOOK_TOLERANCE_MS) throw new Refusal(400, 'webhook.stale', 'The webhook is too old (or from the future).');
  return body;
}

/** A processor's name in a webhook address (`vload`) as the processor table names it (`VLOAD`), or null. */
export function processorOfPath(name: string): (typeof PROCESSORS)[number] | null {
  const upper = name.toUpperCase();
  return (PROCESSORS as readonly string[]).includes(upper) && name === name.toLowerCase() ? (upper as (typeof PROCESSORS)[number]) : null;
}

/** whether `provider` is a wallet provider that may send these events */
export const isWalletProvider = (provider: string): boolean => (METHODS as readonly string[]).includes(provider);
