import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { formatMoney } from '../../../core/money';
import { houseAccount, transfer } from '../ledger';
import { notificationKey } from '../notifications/key';
import { notify } from '../notifications/notify';
import type { HoldSource } from '../../../core/trader-limits';
import { creditHold } from '../protection/deposit-limits';
import { creditReferralCommission, type CommissionPaid } from '../referral/referral';
import { creditBonus, type BonusCredited, type BonusSettings } from './bonus';

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
  /** the bonus rules (max percent and value, turnover multiplier); the default settings when absent */
  settings?: BonusSettings;
  /** the clock of the promo code's validity window (now when absent) */
  now?: Date;
  /** the deposit's limit hold (server/domain/protection/deposit-limits.ts): counted for good from now on */
  hold?: { source: HoldSource; ref: string };
}

export interface DepositCredited {
  txId: string;
  /** the key had been used: nothing moved this time */
  replayed: boolean;
  /** the bonus credited with it (server/domain/deposits/bonus.ts); null when none */
  bonus: BonusCredited | null;
  /** the referrer's commission on a referred trader's first deposit (server/domain/referral); null when none */
  referral: CommissionPaid | null;
}

/**
 * Credits a confirmed deposit inside the caller's transaction (the one that marks the payment,
 * invoice or method deposit as paid): the one place every method goes through, so whatever else
 * a deposit earns is booked in the same transaction as the deposit itself: with `bonus`, the
 * deposit bonus and its promo code (deposits/bonus.ts).
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
  // a replayed deposit credits nothing more: its bonus was booked with it the first time
  const bonus =
    input.bonus && !tx.replayed
      ? await creditBonus(trx, {
          idempotencyKey: input.idempotencyKey,
          userId: input.userId,
          accountId: input.accountId,
          amountMinor: input.amountMinor,
          currency: input.currency,
          depositTxId: tx.txId,
          promo: input.promo ?? '',
          settings: input.settings,
          now: input.now,
        })
      : null;
  // the deposit's hold toward the trader's deposit limits counts for good, at the amount credited
  if (input.hold && !tx.replayed) await creditHold(trx, input.hold.source, input.hold.ref, { amountMinor: input.amountMinor, currency: input.currency }, input.now ?? new Date());
  // the trader's bell: stored with the deposit; the caller pushes notification.new after its commit
  if (!tx.replayed) {
    await notify(trx, {
      userId: input.userId,
      kind: 'deposit.credited',
      params: { amount: formatMoney(input.amountMinor, input.currency), currency: input.currency, method: input.method },
      key: notificationKey('deposit', input.idempotencyKey),
    });
  }
  // a referred trader's first deposit pays the referrer's commission, in this transaction, once
  const referral = await creditReferralCommission(trx, { ...input, txId: tx.txId, replayed: tx.replayed });
  return { txId: tx.txId, replayed: tx.replayed, bonus, referral };
}
