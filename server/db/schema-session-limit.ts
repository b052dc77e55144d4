/** The session-time limit (migration 240_session_limit), joined to Database by module augmentation. */
export interface SessionLimitsTable {
  user_id: number;
  /** minutes; null: no limit */
  minutes: number | null;
  pending_set: boolean;
  pending_minutes: number | null;
  pending_from: Date | null;
  updated_at: Date;
}

declare module './schema' {
  interface Database {
    session_limits: SessionLimitsTable;
  }
}
