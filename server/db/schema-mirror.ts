import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, Int8, Int8Id, Json } from './schema';

/**
 * Tables of the platform mirror (migration 060_platform_mirror). They join the Database
 * interface by module augmentation. accounts.platform_login is declared in schema.ts.
 */
export interface PlatformOutboxTable {
  id: Int8Id;
  /** what the platform deduplicates on: `ledger:{txId}:{accountId}` */
  op_id: string;
  tx_id: string;
  account_id: number;
  login: string;
  /** the ledger transaction's kind (deposit, tip, withdrawal_hold, ...) */
  kind: string;
  /** signed minor units: > 0 credit the platform account, < 0 debit it */
  amount_minor: Int8;
  currency: string;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  delivered_at: Date | null;
  last_error: string | null;
  created_at: CreatedAt;
}

export interface PlatformReconciliationsTable {
  id: Int8Id;
  ran_at: CreatedAt;
  accounts: number;
  differences: Json;
}

/** The sandbox platform's applied balance operations (its own table: a third party). */
export interface PlatformBalanceOpsTable {
  op_id: string;
  account_id: number;
  amount_minor: Int8;
  balance_after_minor: Int8;
  created_at: CreatedAt;
}

declare module './schema' {
  interface Database {
    platform_outbox: PlatformOutboxTable;
    platform_reconciliations: PlatformReconciliationsTable;
    platform_balance_ops: PlatformBalanceOpsTable;
  }
}

export type PlatformOutboxRow = Selectable<PlatformOutboxTable>;
