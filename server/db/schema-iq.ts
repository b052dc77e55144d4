import type { ColumnType, Selectable } from 'kysely';

/** IQ mining (migration 170_iq_mining), joined to Database by module augmentation. */
export interface IqMiningTable {
  user_id: number;
  started_at: ColumnType<Date, Date | undefined, Date>;
  /** option ids in question order (jsonb) */
  answers: ColumnType<string[], string | undefined, string>;
  all_right: ColumnType<boolean, boolean | undefined, boolean>;
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  reward_tx: ColumnType<string | null, string | null | undefined, string | null>;
}

declare module './schema' {
  interface Database {
    iq_mining: IqMiningTable;
  }
}

export type IqMiningRow = Selectable<IqMiningTable>;
