import type { ColumnType } from 'kysely';

/** Settings the operator changes at run time (migration 239_eligibility), joined to Database by module augmentation. */
export interface OperatorSettingsTable {
  key: string;
  /** the setting's JSON value (incentives.off_countries: an array of ISO codes) */
  value: ColumnType<unknown, string, string>;
  updated_at: Date;
}

declare module './schema' {
  interface Database {
    operator_settings: OperatorSettingsTable;
  }
}
