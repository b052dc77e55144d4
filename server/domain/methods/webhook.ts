import * as z from 'zod/mini';
import { InvalidAmount, isCurrency, parseMoney } from '../../../core/money';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/values';
import { Refusal } from '../refusal';
import { WEBHOOK_TOLERANCE_MS } from './config';
import { announce, type MethodDeps } from './deposits';
import { fail, settle, type SettleOutcome } from './settle';
import { signedBy, signWebhook } from './signature';
import { isReversalEvent, verifyReversalWebhook } from '../payments/reversal-webhook';
import { takeReversalEvent } from '../payments/reversals';

/** the `type` of a JSON body, or undefined */
function typeOf(rawBody: string): unknown {
  try {
    const parsed: unknown = JSON.parse(rawBody);
    return typeof parsed === 'object' && parsed !== null ? (parsed as { type?: unknown }).type : undefined;
  } catch {
    return undefined;
  }
}

/** The header a provider puts its signature in: `sha256=<hex HMAC-SHA256 of the raw body>`. */
export const SIGNATURE_HEADER = 'x-webhook-signature';

/** A provider's webhook body (every provider's integration maps its own to this). */
export const WebhookBody = z.object({
  event_id: z.string().check(z.minLength(1), z.maxLength(100)),
  type: z.enum(['payment.completed', 'payment.failed']),
  deposit_id: z.string().check(z.regex(/^[0-9a-f-]{36}$/)),
  transaction_id: z.string().check(z.minLength(1), z.maxLength(100)),
  amount: z.string().check(z.regex(/^\d{1,15}(\.\d{1,8})?$/)),
  currency: z.string().check(z.maxLength(8)),
  /** unix seconds */
  created: z.number().check(z.int()),
  reason: z.optional(z.string().check(z.maxLength(200))),
});
export type WebhookBody = z.infer<typeof WebhookBody>;

/** What a provider would compute: `sha256=` + hex HMAC-SHA256 of the raw body with its secret. */
export { signWebhook };

export interface Confirmed {
  status: string;
  /** this webhook moved money */
  credited: boolean;
}

/**
 * A provider's webhook: the signature over the raw body with the provider's secret, the
 * timestamp within 5 minutes, the event id once (a replay is refused), then the payment booked
 * idempotently on the provider's transaction id. An amount or currency that is not the
 * deposit's flags it, credits nothing and is refused (409) after the flag is committed.
 */
export async function confirmWebhook(deps: MethodDeps, provider: string, rawBody: string, signature: string | undefined): Promise<Confirmed> {
  const secret = deps.config.secrets[provider];
  if (!secret) throw new Refusal(404, 'webhook.provider', 'There is no such provider.');
  if (!signedBy(secret, rawBody, signature)) throw new Refusal(401, 'webhook.signature', 'The signature does not match.');
  // a refund or a dispute of a paid deposit (issue 32 §2): the same signing, window and replay rules, booked by server/domain/payments/reversals.ts
  if (isReversalEvent(typeOf(rawBody))) {
    if (!deps.reversals) throw new Refusal(404, 'webhook.provider', 'This provider sends no refunds or disputes here.');
    const event = verifyReversalWebhook(secret, rawBody, signature, (deps.now ?? (() => new Date()))());
    const outcome = await takeReversalEvent(deps.reversals, 'method', provider, event);
    return { status: outcome.reversal.status, credited: false };
  }
  let body: WebhookBody;
  try {
    const parsed = WebhookBody.safeParse(JSON.parse(rawBody));
    if (!parsed.success) throw new Error('shape');
    body = parsed.data;
  } catch {
    throw new Refusal(400, 'webhook.malformed', 'The webhook body is not understood.');
  }
  const now = (deps.now ?? (() => new Date()))().getTime();
  if (Math.abs(now - body.created * 1000) > WEBHOOK_TOLERANCE_MS) throw new Refusal(400, 'webhook.stale', 'The webhook is too old (or from the future).');

  let amountMinor: bigint | null = null;
  try {
    amountMinor = isCurrency(body.currency) ? parseMoney(body.amount, body.currency) : null;
  } catch (error) {
    if (!(error instanceof InvalidAmount)) throw error;
  }

  let outcome: SettleOutcome | { kind: 'failed'; deposit: SettleOutcome['deposit']; credited: false; changed: boolean };
  try {
    outcome = await deps.db.transaction().execute(async (trx) => {
      // the event is taken once: the same event again is a replay (unique provider + event id)
      await trx.insertInto('method_webhook_events').values({ provider, event_id: body.event_id, deposit_id: body.deposit_id, outcome: 'received' }).execute();
      const deposit = await trx.selectFrom('method_deposits').select(['id', 'provider']).where('id', '=', body.deposit_id).executeTakeFirst();
      if (!deposit || deposit.provider !== provider) throw new Refusal(404, 'webhook.deposit', 'There is no such deposit.');
      const result =
        body.type === 'payment.failed'
          ? { kind: 'failed' as const, credited: false as const, ...(await fail(trx, deposit.id, body.reason ?? 'failed at the provider')) }
          : amountMinor === null
            ? await settle(trx, deposit.id, { providerTxId: body.transaction_id, amountMinor: -1n, currency: body.currency }, { settings: deps.settings })
            : await settle(trx, deposit.id, { providerTxId: body.transaction_id, amountMinor, currency: body.currency });
      await trx.updateTable('method_webhook_events').set({ outcome: result.kind }).where('provider', '=', provider).where('event_id', '=', body.event_id).execute();
      return result;
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw new Refusal(409, 'webhook.replayed', 'This event was processed already.');
    throw error;
  }
  if (outcome.kind === 'failed') {
    if (outcome.changed) announce(deps, outcome.deposit, false);
    return { status: outcome.deposit.status, credited: false };
  }
  if (outcome.kind === 'mismatch') {
    announce(deps, outcome.deposit, false);
    throw new Refusal(409, 'webhook.mismatch', 'The amount or currency is not the deposit’s: the deposit is flagged and nothing was credited.');
  }
  if (outcome.kind === 'conflict') throw new Refusal(409, 'webhook.conflict', `The deposit is ${outcome.deposit.status}: nothing was credited.`);
  if (outcome.credited) announce(deps, outcome.deposit, true);
  return { status: outcome.deposit.status, credited: outcome.credited };
}
