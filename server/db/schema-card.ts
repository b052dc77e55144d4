import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, Int8, Int8Id } from './schema';

/**
 * Tables of card funding (migration 010_card; 015_card_hardening adds fingerprints, blocks and voids). The card number and CVV have no column anywhere:
 * a card is its token, first six, last four, brand, expiry, holder and sandbox scenario.
 */
export type CardPaymentStatus = 'created' | 'processing' | 'approved' | 'failed' | 'stopped';
/** voided (015): an approval for a payment already approved through another attempt, reversed with the processor */
export type CardAttemptStatus = 'pending' | 'redirect' | 'dialog' | 'approved' | 'declined' | 'voided';
type Updated = ColumnType<Date, Date | undefined, Date>;

export interface CardsTable {
  token: string;
  user_id: number;
  first6: string;
  last4: string;
  brand: string;
  exp_month: number;
  exp_year: number;
  holder: string;
  country: string;
  scenario: string;
  blocked: Generated<boolean>;
  /** 015: HMAC-SHA-256 of the number under config.cardFingerprintSecret (null: saved before 015) */
  fingerprint: string | null;
  /** 015: a sandbox test number shared by every tester: its blocks hold for the account only */
  shared_number: Generated<boolean>;
  created_at: CreatedAt;
}

/** 015: a card blocked by its fingerprint, for every account (user_id null) or one trader's. */
export interface CardBlocksTable {
  id: Int8Id;
  fingerprint: string;
  user_id: number | null;
  code: string;
  payment_id: string | null;
  created_at: CreatedAt;
}

export interface CardPaymentsTable {
  id: string;
  user_id: number;
  idem_key: string;
  card_token: string;
  amount_minor: Int8;
  currency: string;
  credit_account_id: number;
  fixed: boolean;
  bonus: boolean;
  promo: Generated<string>;
  scenario: string;
  status: ColumnType<CardPaymentStatus, CardPaymentStatus | undefined, CardPaymentStatus>;
  credit_tx_id: string | null;
  /** UTC day 'YYYY-MM-DD' the payment counts toward */
  day: string;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface CardAttemptsTable {
  id: Int8Id;
  payment_id: string;
  user_id: number;
  processor: string;
  seq: number;
  uid: string;
  status: CardAttemptStatus;
  code: Generated<string>;
  message: Generated<string>;
  checks: Generated<number>;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface CardDayCountsTable {
  user_id: number;
  day: string;
  count: number;
}

export interface CardSandboxNextTable {
  user_id: number;
  scenario: string;
  created_at: CreatedAt;
}

declare module './schema' {
  interface Database {
    cards: CardsTable;
    card_blocks: CardBlocksTable;
    card_payments: CardPaymentsTable;
    card_attempts: CardAttemptsTable;
    card_day_counts: CardDayCountsTable;
    card_sandbox_next: CardSandboxNextTable;
  }
}

export type CardRow = Selectable<CardsTable>;
export type CardPaymentRow = Selectable<CardPaymentsTable>;
export type CardAttemptRow = Selectable<CardAttemptsTable>;
