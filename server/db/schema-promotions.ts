import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, Int8Id } from './schema';

/** Promotions (migration 130_promotions), joined to Database by module augmentation. */
export interface PromotionsTable {
  /** the spec's `name`: [a-z0-9-]{1,40} */
  id: ColumnType<string, string, never>;
  title_en: string;
  title_ru: string;
  /** what it gives, in plain words */
  gives_en: string;
  gives_ru: string;
  terms_en: string;
  terms_ru: string;
  /** the percent added to the deposit bonus × 10 000 ('1.5' → 15000) */
  percent_units: ColumnType<bigint | string, bigint | string, bigint | string>;
  /** the largest bonus the promotion adds to one deposit, in cents of the deposit's currency */
  max_cents: ColumnType<bigint | string, bigint | string, bigint | string>;
  /** null: any currency */
  currency: string | null;
  starts_at: Date;
  ends_at: Date;
  /** an operator ended it before ends_at */
  ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

export interface PromotionActivationsTable {
  id: Int8Id;
  promotion_id: string;
  user_id: number;
  created_at: Generated<Date>;
}

export type PromotionRow = Selectable<PromotionsTable>;

declare module './schema' {
  interface Database {
    promotions: PromotionsTable;
    promotion_activations: PromotionActivationsTable;
  }
}
