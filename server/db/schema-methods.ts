import type { ColumnType, Selectable } from 'kysely';
import type { CreatedAt } from './schema';

/** Tables of the wallet methods (migration 081_method_deposits), joined to Database by module augmentation. */
export type MethodDepositStatus = 'pending' | 'paid' | 'failed' | 'flagged';

export interface MethodDepositsTable {
  id: ColumnType<string, string, never>;
  user_id: ColumnType<number, number, never>;
  account_id: ColumnType<number, number, never>;
  method: ColumnType<string, string, never>;
  provider: ColumnType<string, string, never>;
  amount_minor: ColumnType<bigint | string, bigint, never>;
  currency: ColumnType<string, string, never>;
  status: ColumnType<MethodDepositStatus, MethodDepositStatus | undefined, MethodDepositStatus>;
  provider_tx_id: ColumnType<string | null, string | null | undefined, string | null>;
  fixed: ColumnType<boolean, boolean | undefined, never>;
  bonus: ColumnType<boolean, boolean | undefined, never>;
  promo: ColumnType<string, string | undefined, never>;
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  credit_tx_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface MethodWebhookEventsTable {
  provider: string;
  event_id: string;
  deposit_id: string | null;
  outcome: string;
  received_at: CreatedAt;
}

export type MethodDepositRow = Selectable<MethodDepositsTable>;

declare module './schema' {
  interface Database {
    method_deposits: MethodDepositsTable;
    method_webhook_events: MethodWebhookEventsTable;
  }
}
