import type { ColumnType, Selectable } from 'kysely';
import type { CreatedAt, Int8, Timestamp } from './schema';

/** Contests (migration 150_contests), joined to Database by module augmentation. */
export interface ContestsTable {
  id: string;
  type: 'weekly' | 'weekend';
  currency: string;
  date_start: Timestamp;
  date_end: Timestamp;
  /** prize of rank n at index n-1 (jsonb): a cash prize's minor units as a decimal-integer string, or {kind: 'cash' | 'bonus', minor} or {kind: 'item', item} (migration 220) */
  prizes_minor: ColumnType<StoredPrize[], string, string>;
  status: ColumnType<'open' | 'closed', 'open' | 'closed' | undefined, 'open' | 'closed'>;
  closed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

export interface ContestWinnersTable {
  contest_id: string;
  rank: number;
  user_id: number;
  profit_minor: Int8;
  trades: number;
  prize_minor: Int8;
  tx_id: string | null;
  /** migration 220: what the prize of the rank was */
  prize_kind: ColumnType<'cash' | 'bonus' | 'item', 'cash' | 'bonus' | 'item' | undefined, 'cash' | 'bonus' | 'item'>;
  /** the item of a non-cash prize ('ipad'), else null */
  prize_item: ColumnType<string | null, string | null | undefined, string | null>;
}

export type StoredPrize = string | { kind: 'cash' | 'bonus'; minor: string } | { kind: 'item'; item: string };

declare module './schema' {
  interface Database {
    contests: ContestsTable;
    contest_winners: ContestWinnersTable;
  }
}

export type ContestRow = Selectable<ContestsTable>;
