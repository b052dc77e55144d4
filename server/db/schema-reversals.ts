import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, Int8, Int8Id } from './schema';

/** Refunds, chargebacks and negative balance protection (migration 250_payment_reversals), joined to Database by module augmentation. */
export type ReversalKind = 'refund' | 'dispute';
export type ReversalSource = 'card' | 'method';
/** a refund: requested → succeeded | failed; a dispute: open → won | lost */
export type ReversalStatus = 'requested' | 'succeeded' | 'failed' | 'open' | 'won' | 'lost';

/** a bigint column with a default (0) */
type DefaultedInt8 = ColumnType<bigint | string, bigint | string | undefined, bigint | string>;

export interface PaymentReversalsTable {
  id: string;
  kind: ReversalKind;
  source: ReversalSource;
  /** the card payment's or the wallet deposit's id */
  source_id: string;
  user_id: number;
  account_id: number;
  /** the processor (PFS, VLOAD, …) or the wallet provider (skrill, …) */
  provider: string;
  /** the processor's refund or dispute id (null until the processor named it) */
  provider_ref: string | null;
  /** the idempotency key of a refund an operator asked for */
  request_key: string | null;
  amount_minor: Int8;
  currency: string;
  status: ReversalStatus;
  reason: Generated<string>;
  debit_tx_id: string | null;
  debited_minor: DefaultedInt8;
  shortfall_minor: DefaultedInt8;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}
export type PaymentReversalRow = Selectable<PaymentReversalsTable>;

export interface ReversalWebhookEventsTable {
  provider: string;
  event_id: string;
  type: string;
  outcome: Generated<string>;
  created_at: CreatedAt;
}

export interface ProtectionCasesTable {
  id: Int8Id;
  user_id: number;
  account_id: number;
  reversal_id: string;
  currency: string;
  asked_minor: Int8;
  debited_minor: Int8;
  shortfall_minor: Int8;
  shortfall_tx_id: string;
  status: Generated<'review' | 'closed'>;
  note: Generated<string>;
  created_at: CreatedAt;
  closed_at: Date | null;
}
export type ProtectionCaseRow = Selectable<ProtectionCasesTable>;

declare module './schema' {
  interface Database {
    payment_reversals: PaymentReversalsTable;
    reversal_webhook_events: ReversalWebhookEventsTable;
    protection_cases: ProtectionCasesTable;
  }
}
