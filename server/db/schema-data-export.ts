import type { ColumnType } from 'kysely';
import type { DataExportStatus } from '../../core/data-export';

/** "Download my data" jobs (migration 236_data_export), joined to Database by module augmentation. */
export interface DataExportsTable {
  id: ColumnType<string, string, never>;
  user_id: ColumnType<number, number, never>;
  status: DataExportStatus;
  /** sections gathered so far, of `total` */
  done: ColumnType<number, number | undefined, number>;
  total: ColumnType<number, number, number>;
  /** how many times a worker took it up (a restart takes it up again) */
  attempts: ColumnType<number, number | undefined, number>;
  lease_until: Date | null;
  /** the JSON, held from ready until the one download or the expiry */
  payload: string | null;
  size_bytes: number | null;
  created_at: ColumnType<Date, Date, never>;
  ready_at: Date | null;
  downloaded_at: Date | null;
  /** when it failed or expired */
  ended_at: Date | null;
}

declare module './schema' {
  interface Database {
    data_exports: DataExportsTable;
  }
}
