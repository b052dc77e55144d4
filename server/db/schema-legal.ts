import type { ColumnType, Generated } from 'kysely';

/** The legal documents a trader accepted (migration 238_legal_acceptances), joined to Database by module augmentation. */
export interface LegalAcceptancesTable {
  id: Generated<number>;
  user_id: number;
  /** a document of core/legal/versions.ts */
  document: string;
  version: number;
  /** the language it was shown in */
  lang: string;
  /** registration, social, demo, asked_again, sandbox */
  source: string;
  accepted_at: ColumnType<Date, Date, never>;
}

declare module './schema' {
  interface Database {
    legal_acceptances: LegalAcceptancesTable;
  }
}
