import type { ColumnType, Selectable } from 'kysely';
import type { Int8Id } from './schema';
import type { OfferKind } from '../../core/contract/offers';

/** the kinds of core/contract/offers.ts `OFFER_KINDS` (migration 160 checks the same three) */
export type { OfferKind };
export type OfferOutcome = 'accepted' | 'ignored' | 'expired';

/** Timed offers (migrations 135_offers, 160_risk_free), joined to Database by module augmentation. */
export interface OffersTable {
  id: Int8Id;
  user_id: ColumnType<number, number, never>;
  kind: ColumnType<OfferKind, OfferKind, never>;
  source: ColumnType<'auto' | 'sandbox', 'auto' | 'sandbox' | undefined, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** first shown; the deadline is fixed then and never moves */
  shown_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  outcome: ColumnType<OfferOutcome | null, OfferOutcome | null | undefined, OfferOutcome | null>;
  outcome_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  promo_code: ColumnType<string | null, string | null | undefined, string | null>;
  credit_tx_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** risk_free (migration 160): the platform trade the offer covered, when its result was booked, the refund (0: a win or a tie) */
  riskfree_trade_id: ColumnType<string | null, string | null | undefined, string | null>;
  riskfree_settled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  riskfree_refund_minor: ColumnType<string | bigint | null, bigint | null | undefined, bigint | null>;
}
export type OfferRow = Selectable<OffersTable>;

export interface TraderHostsTable {
  user_id: number;
  host: string;
  recorded_at: ColumnType<Date, Date | undefined, Date>;
}

declare module './schema' {
  interface Database {
    offers: OffersTable;
    trader_hosts: TraderHostsTable;
  }
}
