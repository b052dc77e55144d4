/** The reality check's chosen interval (migration 232_reality_check), joined to Database by module augmentation. */
export interface RealityChecksTable {
  user_id: number;
  /** minutes; 0: off */
  minutes: number;
  updated_at: Date;
}

declare module './schema' {
  interface Database {
    reality_checks: RealityChecksTable;
  }
}
