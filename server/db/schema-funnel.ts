/** The funnel's hourly counts (migration 260_funnel; server/domain/funnel/). */
export interface FunnelHourlyTable {
  hour: Date;
  machine: string;
  transition: string;
  from_state: string;
  to_state: string;
  /** ISO alpha-2 of the signed-in trader's country, '' for a visitor */
  country: string;
  lang: string;
  device: string;
  cohort: string;
  /** -1 unknown; 0 under 1 s; n: [2^(n-1), 2^n) s */
  dwell_bucket: number;
  count: number;
}

declare module './schema' {
  interface Database {
    funnel_hourly: FunnelHourlyTable;
  }
}

/** A live session shared by link (migration 261_live_shares). */
export interface ExplorerLiveSharesTable {
  id: string;
  body: unknown;
  created_at: Date;
}

declare module './schema' {
  interface Database {
    explorer_live_shares: ExplorerLiveSharesTable;
  }
}
