import * as z from 'zod/mini';
import { Decimal } from './common';

/**
 * Trading: history and reports (spec 001 §3, §7), the chat token and tips (000 §7,
 * 001 §7), the balance sync (002 §7 /api/chat/balance), signals (000 §7), the ticker of real
 * settled trades (spec README rule 1), and the sandbox calls testers use.
 */
const Millis = z.number().check(z.int(), z.gte(0), z.lte(8_640_000_000_000));

export const TradeDirection = z.enum(['up', 'down']);
export type TradeDirection = z.infer<typeof TradeDirection>;
export const OrderStatus = z.enum(['open', 'won', 'lost', 'tie']);
export type OrderStatus = z.infer<typeof OrderStatus>;
export const TransactionType = z.enum(['deposit', 'withdrawal', 'trade', 'payout', 'refund']);
export type TransactionType = z.infer<typeof TransactionType>;
export const TransactionStatus = z.enum(['completed', 'pending', 'cancelled']);
export type TransactionStatus = z.infer<typeof TransactionStatus>;

/**
 * What a history row is, in the trader's terms: the platform's transaction types plus our
 * ledger's movements (a tip to the chat host, a bonus, a contest prize, a transfer between
 * the trader's accounts). 'withdrawal' covers the hold and, when it was cancelled or
 * rejected, the amount returned ('withdrawal_return' rows).
 */
export const HistoryType = z.enum(['deposit', 'withdrawal', 'trade', 'payout', 'refund', 'tip', 'bonus', 'prize', 'transfer']);
export type HistoryType = z.infer<typeof HistoryType>;

/**
 * POST /api/us/history (001 §3 history query; limit at most 999): every money movement of the
 * trader's trading and demo accounts, newest first: our ledger (deposits, withdrawals, tips,
 * bonuses, …) merged with the platform's stakes, payouts and refunds.
 */
export const HistoryQuery = z.object({
  DateFrom: Millis,
  DateTo: Millis,
  limit: z.number().check(z.int(), z.gte(1), z.lte(999)),
  offset: z.optional(z.number().check(z.int(), z.gte(0), z.lte(1_000_000))),
  Status: z.optional(TransactionStatus),
  trType: z.optional(HistoryType),
  /** the exchange account's movements (our ledger) instead of the platform's */
  exchange: z.optional(z.boolean()),
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;

export const HistoryEntry = z.object({
  id: z.string(),
  type: z.string(),
  status: z.string(),
  /** signed: negative when money left the balance */
  amount: Decimal,
  balanceAfter: z.nullable(Decimal),
  currency: z.string(),
  tradeId: z.nullable(z.string()),
  /** the source's own words (English); views build their text from the fields below */
  note: z.string(),
  createdAt: z.number(),
  /** 'ledger': a movement in our books; 'platform': a stake, payout or refund on the trading platform */
  source: z.optional(z.enum(['ledger', 'platform'])),
  /** how the money moved: deposits 'card' | 'crypto' | 'vload' | 'bank' | 'fiat' | a wallet ('neteller', …) | 'sandbox' | 'demo'; bonuses 'giveaway' | 'risk_free'; withdrawals the payout method ('Bitcoin', 'Bank Wire', …) */
  method: z.optional(z.string()),
  /** the card processor, the coin's name, the chat host's name, the promo or contest, the instrument of a trade */
  detail: z.optional(z.string()),
  /** withdrawals: 'pending' | 'paid' | 'cancelled' | 'rejected' */
  outcome: z.optional(z.string()),
  /** stakes, payouts and refunds: the trade's direction */
  direction: z.optional(TradeDirection),
  /** 'bonus': the row moved the bonus balance (a deposit bonus, a gift, a risk-free refund, a bonus taken back), and balanceAfter is the bonus balance after it; absent: the trading (or demo) account */
  account: z.optional(z.enum(['bonus'])),
  /** a card payment (its id), a crypto invoice (its guid) or a withdrawal (its id): what "Ask about this payment" opens a ticket about */
  ref: z.optional(z.object({ kind: z.enum(['payment', 'invoice', 'withdrawal']), id: z.string() })),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const HistoryResponse = z.object({ hits: z.array(HistoryEntry), total: z.number() });
export type HistoryResponse = z.infer<typeof HistoryResponse>;

/** POST /api/us/reports: the platform's orders (trades); page size 100 with skip paging (001 §9). */
export const ReportsQuery = z.object({
  DateFrom: Millis,
  DateTo: Millis,
  limit: z.number().check(z.int(), z.gte(1), z.lte(100)),
  offset: z.optional(z.number().check(z.int(), z.gte(0), z.lte(1_000_000))),
  skip: z.optional(z.number().check(z.int(), z.gte(0), z.lte(1_000_000))),
  Status: z.optional(OrderStatus),
  /** the instrument (the spec's spelling) */
  Sumbol: z.optional(z.string().check(z.regex(/^[A-Z]{3,10}$/, 'validation.format'))),
});
export type ReportsQuery = z.infer<typeof ReportsQuery>;

export const ReportOrder = z.object({
  id: z.string(),
  symbol: z.string(),
  direction: TradeDirection,
  amount: Decimal,
  currency: z.string(),
  payoutPercent: z.number(),
  openPrice: z.string(),
  closePrice: z.nullable(z.string()),
  openedAt: z.number(),
  expiresAt: z.number(),
  settledAt: z.nullable(z.number()),
  status: OrderStatus,
  payout: Decimal,
  profit: Decimal,
});
export type ReportOrder = z.infer<typeof ReportOrder>;

export const ReportsResponse = z.object({ hits: z.array(ReportOrder), total: z.number(), skip: z.number() });
export type ReportsResponse = z.infer<typeof ReportsResponse>;

/** POST /api/chat/token: a token for the chat provider; visitors get none and chat as guests. */
export const ChatTokenResponse = z.object({
  token: z.nullable(z.string()),
  /** the chat provider's base address */
  url: z.string(),
  host: z.object({ id: z.string(), name: z.string() }),
  sandbox: z.boolean(),
});
export type ChatTokenResponse = z.infer<typeof ChatTokenResponse>;

/** The sandbox chat provider's messages (a third party at `url`). */
export const ChatMessage = z.object({ id: z.string(), author: z.enum(['guest', 'host']), body: z.string(), createdAt: z.number() });
export type ChatMessage = z.infer<typeof ChatMessage>;
export const ChatMessages = z.object({ messages: z.array(ChatMessage) });
export type ChatMessages = z.infer<typeof ChatMessages>;
export const ChatSend = z.object({ body: z.string().check(z.minLength(1, 'chat.empty'), z.maxLength(2000, 'chat.too_long')) });

/** POST /api/chat/balance (002 §7): the platform balance the page saw. The server asks the platform itself. */
export const ChatBalanceRequest = z.object({ balance: Decimal, all: Decimal });
export type ChatBalanceRequest = z.infer<typeof ChatBalanceRequest>;
export const ChatBalanceResponse = z.object({
  ok: z.literal(true),
  /** settled trades newly booked to the trading account */
  booked: z.number(),
  /** the platform's balance as the platform reported it to the server */
  platformAvailable: z.nullable(Decimal),
});
export type ChatBalanceResponse = z.infer<typeof ChatBalanceResponse>;

/** POST /api/triggers/tips (000 §7): a tip to the chat host, taken from the current account. */
export const TipRequest = z.object({
  value: Decimal,
  host: z.string().check(z.minLength(1), z.maxLength(64)),
  /** idempotency key: the same key twice is one tip */
  key: z.string().check(z.minLength(8), z.maxLength(100)),
  /** a tip over 40: the exact amount the trader confirmed ("41.00"); without it 409 tips.confirm */
  confirm: z.optional(Decimal),
});
export type TipRequest = z.infer<typeof TipRequest>;
export const TipResponse = z.object({ ok: z.literal(true), message: z.string(), amount: Decimal, currency: z.string() });
export type TipResponse = z.infer<typeof TipResponse>;

/** POST /api/signals (000 §7): the signals to show now; each once per day, its pop-up ending at expiresAt. */
export const SignalsRequest = z.object({ test: z.optional(z.boolean()) });
export const TradingSignal = z.object({
  id: z.string(),
  symbol: z.string(),
  direction: TradeDirection,
  /** the trade duration the signal is for */
  expirySeconds: z.number(),
  price: z.string(),
  source: z.string(),
  createdAt: z.number(),
  /** when this pop-up ends (server clock): a reload does not restart it */
  expiresAt: z.number(),
});
export type TradingSignal = z.infer<typeof TradingSignal>;
export const SignalsResponse = z.object({ signals: z.array(TradingSignal), serverTime: z.number() });
export type SignalsResponse = z.infer<typeof SignalsResponse>;

/** GET /api/trading/runline: real trades settled in the last day; initials and country only. */
export const RunlineEntry = z.object({
  id: z.string(),
  initials: z.string(),
  country: z.string(),
  result: z.enum(['profit', 'loss']),
  amount: Decimal,
  currency: z.string(),
  symbol: z.string(),
  settledAt: z.number(),
});
export type RunlineEntry = z.infer<typeof RunlineEntry>;
export const RunlineResponse = z.object({ entries: z.array(RunlineEntry) });
export type RunlineResponse = z.infer<typeof RunlineResponse>;

/** Sandbox only: testers fund a platform account, end its platform sessions, publish a signal. */
export const SandboxPlatformFund = z.object({ email: z.string().check(z.minLength(3), z.maxLength(254)), amount: Decimal });
export const SandboxPlatformExpire = z.object({ email: z.string().check(z.minLength(3), z.maxLength(254)) });
export const SandboxSignalRequest = z.object({
  symbol: z.optional(z.string().check(z.maxLength(16))),
  direction: z.optional(TradeDirection),
  /** how long the pop-up stays (default 60 s) */
  popupSeconds: z.optional(z.number().check(z.int(), z.gte(1), z.lte(3600))),
});

// The trading block's signature (002 §4) is a drawn image uploaded as a verification document of
// kind 'signature' (core/contract/verification.ts); POST /api/us/sign (a typed name) is gone.
