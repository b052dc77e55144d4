import type { ColumnType, Generated } from 'kysely';

/** The trader's breaks and self-exclusions (migration 234_self_exclusion), joined to Database by module augmentation. */
export interface SelfExclusionsTable {
  id: Generated<number>;
  user_id: ColumnType<number, number, never>;
  /** an ExclusionKind of core/self-exclusion.ts */
  kind: ColumnType<'timeout' | 'exclusion', 'timeout' | 'exclusion', never>;
  /** the ExclusionChoice the trader made */
  choice: ColumnType<string, string, never>;
  since: ColumnType<Date, Date, never>;
  until: ColumnType<Date, Date, never>;
}

declare module './schema' {
  interface Database {
    self_exclusions: SelfExclusionsTable;
  }
}
