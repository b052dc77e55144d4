import type { ColumnType } from 'kysely';

/** The risk warning's daily figure (migration 233_risk_figures), joined to Database by module augmentation. */
export interface RiskFiguresTable {
  /** the UTC day, 'YYYY-MM-DD' */
  day: ColumnType<string, string, never>;
  computed_at: Date;
  window_from: Date;
  window_to: Date;
  accounts: number;
  losing: number;
  /** basis points; null when no account traded in the window */
  share_bp: number | null;
}

declare module './schema' {
  interface Database {
    risk_figures: RiskFiguresTable;
  }
}
