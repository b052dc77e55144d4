import { randomUUID } from 'node:crypto';
import { InvalidAmount, parseMoney } from '../../../core/money';
import type { Db } from '../../db';
import { mirroredAccountOf } from '../../domain/accounts';
import { houseAccount, transfer } from '../../domain/ledger';
import { Refusal } from '../../domain/refusal';

/**
 * POST /api/sandbox/platform/fund: a sandbox deposit onto the trader's platform-mirrored
 * account, through the ledger (from the house account) and so onto the platform by the outbox.
 * A Refusal when no trader is mirrored to the login or the amount is not above zero.
 */
export async function sandboxDeposit(db: Db, account: { login: string; currency: string }, amountText: string): Promise<{ id: number; user_id: number; currency: string }> {
  const mirrored = await mirroredAccountOf(db, account.login);
  if (!mirrored || mirrored.user_id === null) throw new Refusal(404, 'user.not_found', 'No trader is mirrored to this platform account.');
  let amount: bigint;
  try {
    amount = parseMoney(amountText, account.currency);
  } catch (error) {
    if (error instanceof InvalidAmount) throw new Refusal(400, error.key, error.message);
    throw error;
  }
  if (amount <= 0n) throw new Refusal(400, 'amount.invalid', 'The amount must be above zero.');
  await transfer(db, {
    kind: 'deposit',
    idempotencyKey: `sandbox:platform-fund:${randomUUID()}`,
    debitAccountId: await houseAccount(db, mirrored.currency),
    creditAccountId: mirrored.id,
    amountMinor: amount,
    currency: mirrored.currency,
    meta: { method: 'sandbox', source: 'sandbox deposit' },
  });
  return { id: mirrored.id, user_id: mirrored.user_id, currency: mirrored.currency };
}
