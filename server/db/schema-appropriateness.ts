import type { ColumnType, Generated } from 'kysely';

/** The traders' appropriateness tests (migration 237_appropriateness), joined to Database by module augmentation. */
export interface AppropriatenessTestsTable {
  id: Generated<number>;
  user_id: ColumnType<number, number, never>;
  /** 1, 2, … per trader */
  attempt: ColumnType<number, number, never>;
  score: ColumnType<number, number, never>;
  of: ColumnType<number, number, never>;
  passed: ColumnType<boolean, boolean, never>;
  /** question id → option id, as JSON */
  answers: ColumnType<unknown, string, never>;
  taken_at: ColumnType<Date, Date, never>;
  /** set once, on a failed test after its cool-down */
  risk_accepted_at: ColumnType<Date | null, never, Date>;
}

declare module './schema' {
  interface Database {
    appropriateness_tests: AppropriatenessTestsTable;
  }
}
