import type { CardAttemptRow } from '../../db/schema-card';
import type { VoidAnswer } from '../ports';
import { clock, isProcessor, type PaymentDeps } from './deps';
import { chargeOf } from './records';

/** The code of an attempt recorded `voided` whose void the processor has not confirmed yet. */
export const VOID_PENDING = 'void_pending';
export const VOIDED_MESSAGE = 'Voided: this payment was already approved through another attempt';
/** the message of an attempt given up because its start failed in transport (attempts.ts giveUp), kept through its reversal */
export const UNREACHABLE_PREFIX = 'Unreachable: the processor did not answer the start';

/**
 * Asks the processor to void an attempt recorded as `voided` / `void_pending` and records its
 * answer: code `voided` once confirmed; otherwise the code stays and the next listen asks again
 * (the processor's void is idempotent per uid). Never touches the ledger.
 */
export async function settleVoid(deps: PaymentDeps, uid: string): Promise<CardAttemptRow> {
  const { db } = deps;
  const attempt = await db.selectFrom('card_attempts').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();
  if (attempt.status !== 'voided' || attempt.code !== VOID_PENDING) return attempt;
  const payment = await db.selectFrom('card_payments').selectAll().where('id', '=', attempt.payment_id).executeTakeFirstOrThrow();
  let answer: VoidAnswer;
  try {
    answer = await deps.gateway.void(isProcessor(attempt.processor) ? attempt.processor : 'VLOAD', await chargeOf(db, payment, attempt));
  } catch {
    answer = { kind: 'failed', message: 'The processor did not answer the void' };
  }
  const unreachable = attempt.message.startsWith(UNREACHABLE_PREFIX) ? attempt.message.split(';')[0]! : null;
  const set =
    answer.kind === 'voided'
      ? { code: 'voided', message: unreachable ? `${unreachable}; reversed` : VOIDED_MESSAGE }
      : { message: `${unreachable ? `${unreachable}; ` : ''}Void not confirmed yet: ${answer.message}`.slice(0, 200) };
  return db
    .updateTable('card_attempts')
    .set({ ...set, updated_at: clock(deps) })
    .where('uid', '=', uid)
    .where('code', '=', VOID_PENDING)
    .returningAll()
    .executeTakeFirst()
    .then((row) => row ?? attempt);
}
