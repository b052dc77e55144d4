import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, Int8, Int8Id, Timestamp } from './schema';

/**
 * Tables of trading (migration 040_trading): the sandbox platform's trades and transactions,
 * the broker's trade booking cursor, signals, and the sandbox chat. They join the Database
 * interface by module augmentation.
 */
export type TradeDirection = 'up' | 'down';
export type TradeStatus = 'open' | 'won' | 'lost' | 'tie';
export type PlatformTxType = 'deposit' | 'withdrawal' | 'trade' | 'payout' | 'refund';
export type PlatformTxStatus = 'completed' | 'pending' | 'cancelled';

export interface PlatformTradesTable {
  id: string;
  account_id: number;
  request_key: string;
  symbol: string;
  direction: TradeDirection;
  stake_minor: Int8;
  currency: string;
  payout_percent: number;
  price_decimals: number;
  /** integer price units (price × 10^price_decimals) */
  open_price: Int8;
  close_price: ColumnType<bigint | string | null, bigint | string | null | undefined, bigint | string | null>;
  opened_at: Timestamp;
  expires_at: Timestamp;
  settled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  status: TradeStatus;
  /** credited at settlement: stake + profit (won), the stake (tie), 0 (lost) */
  payout_minor: ColumnType<bigint | string, bigint | string | undefined, bigint | string>;
}

export interface PlatformTransactionsTable {
  id: Int8Id;
  account_id: number;
  type: PlatformTxType;
  status: Generated<PlatformTxStatus>;
  /** signed: negative when money left the platform balance */
  amount_minor: Int8;
  balance_after_minor: Int8;
  currency: string;
  trade_id: string | null;
  note: Generated<string>;
  created_at: CreatedAt;
}

export interface TradingSyncTable {
  user_id: number;
  cursor: Date | null;
  platform_available_minor: ColumnType<bigint | string | null, bigint | string | null | undefined, bigint | string | null>;
  booked: Generated<number>;
  synced_at: Date | null;
}

export interface SignalsTable {
  id: string;
  symbol: string;
  direction: TradeDirection;
  expiry_seconds: number;
  /** the simulated price the signal was made at, as a decimal string */
  price: string;
  source: string;
  popup_seconds: number;
  created_at: CreatedAt;
  valid_until: Timestamp;
}

export interface SignalDeliveriesTable {
  signal_id: string;
  user_id: number;
  day: string;
  delivered_at: CreatedAt;
  expires_at: Timestamp;
}

export interface SandboxChatTokensTable {
  token_hash: string;
  user_ref: string;
  name: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface SandboxChatMessagesTable {
  id: Int8Id;
  conversation: string;
  author: 'guest' | 'host';
  body: string;
  created_at: CreatedAt;
}

declare module './schema' {
  interface Database {
    platform_trades: PlatformTradesTable;
    platform_transactions: PlatformTransactionsTable;
    trading_sync: TradingSyncTable;
    signals: SignalsTable;
    signal_deliveries: SignalDeliveriesTable;
    sandbox_chat_tokens: SandboxChatTokensTable;
    sandbox_chat_messages: SandboxChatMessagesTable;
  }
}

export type PlatformTradeRow = Selectable<PlatformTradesTable>;
export type PlatformTransactionRow = Selectable<PlatformTransactionsTable>;
