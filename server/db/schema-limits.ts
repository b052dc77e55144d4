import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * Tables of the trader's own limits (migration 230_trader_limits), joined to Database by module
 * augmentation. The rules (periods, cooling-off, hold times) are core/trader-limits.ts.
 */
export interface TraderLimitsTable {
  user_id: number;
  /** 'deposit', 'stake' or 'loss' (core/trading-limits.ts) */
  kind: string;
  /** a LimitPeriod, or 'trade' for the stake per trade */
  period: string;
  currency: string;
  /** minor units of `currency`; null: no limit */
  value_minor: ColumnType<bigint | null, bigint | null, bigint | null>;
  /** a raise or removal waits: the value it takes (null: removed) from `pending_from` */
  pending_set: boolean;
  pending_minor: ColumnType<bigint | null, bigint | null, bigint | null>;
  pending_from: Date | null;
  updated_at: Date;
}

export type DepositHoldStatus = 'held' | 'credited' | 'released';

export interface DepositHoldsTable {
  id: Generated<number>;
  user_id: ColumnType<number, number, never>;
  /** a HoldSource: card, quick, method, crypto, bank, voucher */
  source: ColumnType<string, string, never>;
  /** the deposit's own record there (card payment id, invoice guid, method deposit id, …) */
  ref: ColumnType<string, string, never>;
  amount_minor: ColumnType<bigint, bigint, bigint>;
  currency: ColumnType<string, string, never>;
  /** the amount in the limit's currency, at the rate when it started (rounded up) */
  counted_minor: ColumnType<bigint, bigint, bigint>;
  counted_currency: ColumnType<string, string, never>;
  status: ColumnType<DepositHoldStatus, DepositHoldStatus | undefined, DepositHoldStatus>;
  created_at: ColumnType<Date, Date, never>;
  expires_at: ColumnType<Date, Date, Date>;
  updated_at: Date;
}

export type DepositHoldRow = Selectable<DepositHoldsTable>;

declare module './schema' {
  interface Database {
    trader_limits: TraderLimitsTable;
    deposit_holds: DepositHoldsTable;
  }
}
