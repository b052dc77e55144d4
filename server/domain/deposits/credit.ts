import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { houseAccount, transfer } from '../ledger';

/**
 * One confirmed deposit, whatever the method: what the ledger needs to credit it once, and what
 * the trader chose with it (the deposit bonus, a promo code).
 */
export interface DepositCredit {
  /** unique per deposit (`card-payment:{id}`, `crypto-invoice:{guid}`, `method:{provider}:{txId}`): a replay credits nothing */
  idempotencyKey: string;
  userId: number;
  accountId: number;
  amountMinor: bigint;
  currency: string;
  /** 'card', 'crypto', 'neteller', 'skrill', 'vload', 'bank', … (the history names the deposit by it) */
  method: string;
  meta: Record<string, unknown>;
  /** the trader chose the deposit bonus and the amount was not fixed */
  bonus?: boolean;
  /** the promo code entered with the deposit ('' or absent: none) */
  promo?: string;
}

export interface DepositCredited {
  txId: string;
  /** the key had been used: nothing moved this time */
  replayed: boolean;
}

/**
 * Credits a confirmed deposit inside the caller's transaction (the one that marks the payment,
 * invoice or method deposit as paid): the one place every method goes through, so whatever else
 * a deposit earns is booked in the same transaction as the deposit itself.
 */
export async function creditDeposit(trx: Transaction<Database>, input: DepositCredit): Promise<DepositCredited> {
  const house = await houseAccount(trx, input.currency);
  const tx = await transfer(trx, {
    kind: 'deposit',
    idempotencyKey: input.idempotencyKey,
    debitAccountId: house,
    creditAccountId: input.accountId,
    amountMinor: input.amountMinor,
    currency: input.currency,
    meta: { method: input.method, ...input.meta },
  });
  return { txId: tx.txId, replayed: tx.replayed };
}
