import { sql } from 'kysely';
import type { DbOrTx } from '../ledger';
import { hashToken, sameSecret } from '../tokens';
import { MAX_VALIDATION_TRIES } from '../../../core/validation-tries';

/**
 * Transaction validation (spec 002 §4, §9): the trader enters a value (in the sandbox: the code
 * on the bank statement line of a small charge, delivered to the sandbox outbox). At most
 * MAX_VALIDATION_TRIES (core/validation-tries.ts) attempts, counted in users.tr_attemps. The attempt is counted BEFORE the value is compared,
 * in one UPDATE that refuses the sixth, so parallel guesses cannot exceed the limit.
 */
export { MAX_VALIDATION_TRIES };

const valueHash = (userId: number, value: string): string => hashToken(`validate:${userId}:${value.trim().toUpperCase()}`);

/** Sets the value a trader must enter (and asks for validation). */
export async function requireValidation(db: DbOrTx, userId: number, value: string): Promise<void> {
  await db
    .insertInto('transaction_validations')
    .values({ user_id: userId, value_hash: valueHash(userId, value) })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ value_hash: valueHash(userId, value), created_at: new Date() }))
    .execute();
  await db.updateTable('users').set({ tr_validate: true, tr_success: false, tr_attemps: 0 }).where('id', '=', userId).execute();
}

export interface ValidationAttempt {
  ok: boolean;
  /** attempts used */
  attempts: number;
  /** already validated before this call */
  already: boolean;
}

export async function attemptValidation(db: DbOrTx, userId: number, value: string): Promise<ValidationAttempt> {
  const user = await db.selectFrom('users').select(['tr_success', 'tr_attemps']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (user.tr_success) return { ok: true, attempts: user.tr_attemps, already: true };
  const counted = await db
    .updateTable('users')
    .set({ tr_attemps: sql`tr_attemps + 1` })
    .where('id', '=', userId)
    .where('tr_attemps', '<', MAX_VALIDATION_TRIES)
    .where('tr_success', '=', false)
    .returning('tr_attemps')
    .executeTakeFirst();
  if (!counted) {
    const now = await db.selectFrom('users').select(['tr_success', 'tr_attemps']).where('id', '=', userId).executeTakeFirstOrThrow();
    return { ok: now.tr_success, attempts: now.tr_attemps, already: now.tr_success };
  }
  const expected = await db.selectFrom('transaction_validations').select('value_hash').where('user_id', '=', userId).executeTakeFirst();
  const ok = expected !== undefined && value.trim() !== '' && sameSecret(valueHash(userId, value), expected.value_hash);
  if (!ok) return { ok: false, attempts: counted.tr_attemps, already: false };
  await db.updateTable('users').set({ tr_success: true, tr_validate: false }).where('id', '=', userId).execute();
  return { ok: true, attempts: counted.tr_attemps, already: false };
}

/** Whether the trader has a transaction to validate. */
export async function validationRequired(db: DbOrTx, userId: number): Promise<boolean> {
  return (await db.selectFrom('transaction_validations').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
}
