import type { ColumnType, Selectable } from 'kysely';
import type { CreatedAt, Int8 } from './schema';

/** Tables of bank transfers and Vload vouchers (migration 082_bank_vouchers), joined to Database by module augmentation. */
export type BankMethod = 'bank' | 'fiat';
export type BankDepositStatus = 'pending' | 'received';

export interface BankDepositsTable {
  id: ColumnType<string, string, never>;
  user_id: ColumnType<number, number, never>;
  account_id: ColumnType<number, number, never>;
  idem_key: ColumnType<string, string, never>;
  method: ColumnType<BankMethod, BankMethod, never>;
  /** the payment reference the trader writes on the transfer (unique) */
  reference: ColumnType<string, string, never>;
  amount_minor: Int8;
  currency: ColumnType<string, string, never>;
  fixed: ColumnType<boolean, boolean, never>;
  bonus: ColumnType<boolean, boolean, never>;
  promo: ColumnType<string, string, never>;
  status: ColumnType<BankDepositStatus, BankDepositStatus | undefined, BankDepositStatus>;
  receipt_id: ColumnType<string | null, string | null | undefined, string | null>;
  credit_tx_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  received_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
export type BankDepositRow = Selectable<BankDepositsTable>;

export interface VloadVouchersTable {
  /** SHA-256 of the pin: the pin itself is never stored */
  pin_sha256: ColumnType<string, string, never>;
  pin_last4: ColumnType<string, string, never>;
  user_id: ColumnType<number, number, never>;
  account_id: ColumnType<number, number, never>;
  voucher_id: ColumnType<string, string, never>;
  amount_minor: Int8;
  currency: ColumnType<string, string, never>;
  credit_tx_id: ColumnType<string, string, never>;
  created_at: CreatedAt;
}

declare module './schema' {
  interface Database {
    bank_deposits: BankDepositsTable;
    vload_vouchers: VloadVouchersTable;
  }
}
