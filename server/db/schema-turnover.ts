import type { ColumnType } from 'kysely';

/** The trades counted into the bonus turnover (migration 210_bonus_turnover), joined to Database by module augmentation. */
export interface TurnoverTradesTable {
  platform_trade_id: string;
  account_id: number;
  stake_minor: ColumnType<bigint | string, bigint, bigint>;
  counted_at: ColumnType<Date, Date | undefined, Date>;
}

declare module './schema' {
  interface Database {
    turnover_trades: TurnoverTradesTable;
  }
}
