import type { ColumnType } from 'kysely';

/** Closed accounts (migration 231_account_closure), joined to Database by module augmentation. */
export interface AccountClosuresTable {
  user_id: ColumnType<number, number, never>;
  /** a ClosureReason of core/account-closure.ts */
  reason: ColumnType<string, string, never>;
  /** the trader's own words ('' when none) */
  text: ColumnType<string, string, never>;
  closed_at: ColumnType<Date, Date, never>;
}

declare module './schema' {
  interface Database {
    account_closures: AccountClosuresTable;
  }
}
