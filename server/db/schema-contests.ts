import type { ColumnType, Selectable } from 'kysely';
import type { CreatedAt, Int8, Timestamp } from './schema';

/** Contests (migration 150_contests), joined to Database by module augmentation. */
export interface ContestsTable {
  id: string;
  type: 'weekly' | 'weekend';
  currency: string;
  date_start: Timestamp;
  date_end: Timestamp;
  /** prize of rank n at index n-1: minor units as decimal-integer strings (jsonb) */
  prizes_minor: ColumnType<string[], string, string>;
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
}

declare module './schema' {
  interface Database {
    contests: ContestsTable;
    contest_winners: ContestWinnersTable;
  }
}

export type ContestRow = Selectable<ContestsTable>;
