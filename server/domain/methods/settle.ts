import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { MethodDepositRow } from '../../db/schema-methods';
import { toBigInt } from '../../db/values';
import type { BonusSettings } from '../deposits/bonus';
import { creditDeposit } from '../deposits/credit';
import { releaseHold } from '../protection/deposit-limits';

export interface ProviderPayment {
  providerTxId: string;
  amountMinor: bigint;
  currency: string;
}

export type SettleOutcome =
  /** credited now (credited true), or already paid by this very transaction (credited false) */
  | { kind: 'paid'; deposit: MethodDepositRow; credited: boolean }
  /** the provider's amount or currency is not the deposit's: flagged for review, nothing credited */
  | { kind: 'mismatch'; deposit: MethodDepositRow; credited: false }
  /** the deposit is failed, flagged, or paid by another provider transaction: nothing moves */
  | { kind: 'conflict'; deposit: MethodDepositRow; credited: false };

/**
 * Books a provider's confirmed payment of one deposit inside the caller's transaction: the row
 * is locked, a payment already booked for the same provider transaction changes nothing, an
 * amount or currency that differs flags the deposit and credits nothing, and otherwise the
 * deposit is credited through creditDeposit (bonus and promo with it) and marked paid.
 */
export async function settle(trx: Transaction<Database>, depositId: string, payment: ProviderPayment, rules: { settings?: BonusSettings; now?: Date } = {}): Promise<SettleOutcome> {
  const deposit = await trx.selectFrom('method_deposits').selectAll().where('id', '=', depositId).forUpdate().executeTakeFirstOrThrow();
  if (deposit.status === 'paid') {
    return deposit.provider_tx_id === payment.providerTxId ? { kind: 'paid', deposit, credited: false } : { kind: 'conflict', deposit, credited: false };
  }
  if (deposit.status !== 'pending') return { kind: 'conflict', deposit, credited: false };
  if (payment.amountMinor !== toBigInt(deposit.amount_minor) || payment.currency !== deposit.currency) {
    const flagged = await trx
      .updateTable('method_deposits')
      .set({ status: 'flagged', reason: `provider confirmed ${payment.amountMinor} ${payment.currency} (${payment.providerTxId})`.slice(0, 300), updated_at: new Date() })
      .where('id', '=', deposit.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { kind: 'mismatch', deposit: flagged, credited: false };
  }
  const tx = await creditDeposit(trx, {
    idempotencyKey: `method:${deposit.provider}:${payment.providerTxId}`,
    userId: deposit.user_id,
    accountId: deposit.account_id,
    amountMinor: toBigInt(deposit.amount_minor),
    currency: deposit.currency,
    method: deposit.method,
    meta: { deposit: deposit.id, provider: deposit.provider, providerTxId: payment.providerTxId },
    bonus: deposit.bonus,
    promo: deposit.promo,
    hold: { source: 'method', ref: deposit.id },
    // the bonus rules the funding page showed the bonus with (/api/card/options serves the same settings)
    ...(rules.settings && { settings: rules.settings }),
    ...(rules.now && { now: rules.now }),
  });
  const paid = await trx
    .updateTable('method_deposits')
    .set({ status: 'paid', provider_tx_id: payment.providerTxId, credit_tx_id: tx.txId, updated_at: new Date() })
    .where('id', '=', deposit.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { kind: 'paid', deposit: paid, credited: !tx.replayed };
}

/** The provider says the payment did not happen: a pending deposit fails; anything else stays. */
export async function fail(trx: Transaction<Database>, depositId: string, reason: string): Promise<{ deposit: MethodDepositRow; changed: boolean }> {
  const deposit = await trx.selectFrom('method_deposits').selectAll().where('id', '=', depositId).forUpdate().executeTakeFirstOrThrow();
  if (deposit.status !== 'pending') return { deposit, changed: false };
  const failed = await trx
    .updateTable('method_deposits')
    .set({ status: 'failed', reason: reason.slice(0, 300), updated_at: new Date() })
    .where('id', '=', deposit.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // a failed deposit no longer counts toward the trader's deposit limits
  await releaseHold(trx, 'method', deposit.id, failed.updated_at);
  return { deposit: failed, changed: true };
}
