import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, Int8, Int8Id, Timestamp } from './schema';

/**
 * Tables of crypto deposits (migration 020_crypto): crypto invoices, the payments the chain watcher
 * saw for them, the per-chain address counters, and the sandbox chain's own transactions.
 * They join the Database interface by module augmentation, so this area's tables live here.
 */
export type InvoiceStatus = 'wt' | 'su' | 'ex';
/** BIGINT with a default */
type Int8Default = ColumnType<bigint | string, bigint | string | undefined, bigint | string>;

export interface CryptoAddressCountersTable {
  chain: string;
  /** SHA-256 of the extended public key: another key starts its own count */
  xpub_hash: string;
  next_index: number;
}

export interface CryptoInvoicesTable {
  guid: string;
  user_id: number;
  /** URL slug: btc, ltc, eth, bch, dash, zcash, usdt, token */
  coin: string;
  /** BTC, ETH, USDT, USDC, … */
  asset: string;
  chain: string;
  address: string;
  address_index: number;
  xpub_hash: string;
  /** what is due, integer units of `decimals` */
  amount_minor: Int8;
  decimals: number;
  /** price of one coin in rate_currency, decimal string fixed at creation */
  rate: string;
  rate_currency: string;
  rate_source: string;
  /** fiat value of the invoice at creation (rate_currency minor units) */
  fiat_minor: Int8;
  credit_account_id: number;
  credit_currency: string;
  credit_minor: Int8;
  fixed: boolean;
  bonus: boolean;
  /** a voucher-load invoice: its success goes to the voucher finish page */
  voucher: Generated<boolean>;
  status: Generated<InvoiceStatus>;
  /** counted toward the invoice (seen before expiry) */
  received_minor: Int8Default;
  /** seen after expiry or after success: kept on record for review, never lost */
  late_minor: Int8Default;
  hash: Generated<string>;
  credit_tx_id: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  paid_at: Date | null;
  closed_at: Date | null;
  /** confirmations of the least confirmed payment seen but not yet counted (0: none pending) */
  confirming: Generated<number>;
  /** what those payments send, not yet confirmed */
  pending_minor: Int8Default;
}

export interface CryptoPaymentsTable {
  id: Int8Id;
  invoice_guid: string;
  chain: string;
  txid: string;
  amount_minor: Int8;
  seen_at: Timestamp;
  /** true when it arrived after the invoice expired or was paid */
  late: boolean;
  recorded_at: CreatedAt;
}

/** The sandbox chain (a third party): transactions testers send from the sandbox control. */
export interface SandboxChainTxsTable {
  txid: string;
  chain: string;
  address: string;
  /** the coin or ERC-20 token sent */
  asset: string;
  amount_minor: Int8;
  decimals: number;
  confirmations: Generated<number>;
  created_at: CreatedAt;
}

/** A short, late or over payment of an invoice and its outcome (migration 249; core/crypto-exceptions.ts). */
export interface CryptoExceptionsTable {
  id: string;
  /** `{guid}:short` or `{guid}:{txid}`: one exception per shortfall or per transaction */
  key: string;
  invoice_guid: string;
  user_id: number;
  kind: 'short' | 'late' | 'over';
  txid: Generated<string>;
  asset: string;
  chain: string;
  decimals: number;
  coin_minor: Int8;
  seen_at: Timestamp;
  arrival_rate: Generated<string>;
  status: Generated<'held' | 'claimed' | 'credited' | 'refunded'>;
  auto_credit_at: Date | null;
  choose_until: Date | null;
  held_tx_id: string | null;
  credit_minor: Int8 | null;
  credit_currency: string | null;
  credit_rate: string | null;
  credit_tx_id: string | null;
  refund_address: string | null;
  claimed_at: Date | null;
  rejected_at: Date | null;
  reject_reason: string | null;
  refund_txid: string | null;
  refund_tx_id: string | null;
  created_at: CreatedAt;
  resolved_at: Date | null;
}

declare module './schema' {
  interface Database {
    crypto_exceptions: CryptoExceptionsTable;
    crypto_address_counters: CryptoAddressCountersTable;
    crypto_invoices: CryptoInvoicesTable;
    crypto_payments: CryptoPaymentsTable;
    sandbox_chain_txs: SandboxChainTxsTable;
  }
}

export type CryptoInvoiceRow = Selectable<CryptoInvoicesTable>;
export type CryptoPaymentRow = Selectable<CryptoPaymentsTable>;
export type CryptoExceptionRow = Selectable<CryptoExceptionsTable>;
