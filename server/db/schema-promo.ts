import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, Int8Id } from './schema';

/**
 * Tables of promo codes and the bonus (migration 080_promo_bonus). They join the Database
 * interface by module augmentation, so this area's tables live in this file.
 */
export type PromoKind = 'percent' | 'value';

export interface PromoCodesTable {
  /** upper case, [A-Z0-9_-]{1,32} */
  code: ColumnType<string, string, never>;
  kind: PromoKind;
  /** the percent added × 10 000 ('1.5' → 15000); 0 for a value code */
  percent_units: ColumnType<bigint | string, bigint | string | undefined, bigint | string>;
  /** the fixed value added, in minor units of `currency`; 0 for a percent code */
  value_minor: ColumnType<bigint | string, bigint | string | undefined, bigint | string>;
  /** null: any currency (a value code always has one) */
  currency: string | null;
  valid_from: ColumnType<Date, Date | undefined, Date>;
  valid_until: Date | null;
  /** null: no limit */
  max_uses: number | null;
  uses: Generated<number>;
  active: Generated<boolean>;
  created_at: CreatedAt;
  /** a personal code's trader (a limited offer's OFFER-…; migration 242): no one else may use it. null: anyone */
  owner_user_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface PromoRedemptionsTable {
  id: Int8Id;
  code: string;
  user_id: number;
  deposit_tx_id: string;
  bonus_tx_id: string | null;
  created_at: CreatedAt;
}

export type PromoCodeRow = Selectable<PromoCodesTable>;

declare module './schema' {
  interface Database {
    promo_codes: PromoCodesTable;
    promo_redemptions: PromoRedemptionsTable;
  }
}
