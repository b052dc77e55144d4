import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ComplaintCategory, ComplaintStatus } from '../../core/complaints';

/**
 * Tables of complaints (migration 092_complaints), joined to Database by module augmentation.
 * The rules (categories, lengths, the reference, the due date) are core/complaints.ts.
 */
export interface ComplaintsTable {
  id: Generated<number>;
  /** CMP-{year}-{six digits}, unique */
  reference: ColumnType<string, string, never>;
  user_id: ColumnType<number, number, never>;
  /** the creation's idempotency key, unique per user */
  idem_key: ColumnType<string, string, never>;
  category: ColumnType<ComplaintCategory, ComplaintCategory, never>;
  subject: ColumnType<string, string, never>;
  text: ColumnType<string, string, never>;
  status: ColumnType<ComplaintStatus, ComplaintStatus | undefined, ComplaintStatus>;
  /** written by the domain from its clock (never the database's now()) */
  created_at: ColumnType<Date, Date, never>;
  acknowledged_at: ColumnType<Date, Date, never>;
  due_at: ColumnType<Date, Date, never>;
  /** the final answer: text, when and by whom (all three or none; set once) */
  answer: ColumnType<string | null, string | null | undefined, string | null>;
  answered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  answered_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** the last complaint number given in a year */
export interface ComplaintCountersTable {
  year: number;
  last: number;
}

export type ComplaintRow = Selectable<ComplaintsTable>;

declare module './schema' {
  interface Database {
    complaints: ComplaintsTable;
    complaint_counters: ComplaintCountersTable;
  }
}
