/**
 * The ports: what the domain needs from the outside world, as types only. The domain speaks
 * these; server/sandbox/* implements them (a real integration would implement the same), and
 * server/app.ts (or a route, for per-request ones) hands the implementation in.
 */
import type { BankDetails, CardProcessor, PlatformUserInfo, SandboxScenario } from '../../core/contract';
import type { UploadMime } from '../../core/upload';
import type { TradingLimitSchedule } from '../../core/trading-limits';
import type { PlatformTxType, TradeDirection, TradeStatus } from '../db/schema-trading';
import type { ChainId } from './crypto/coins';
import type { DbOrTx } from './ledger';
import type { CryptoConfig } from './crypto/config';
import type { MethodConfig } from './methods/config';

// ─── card processors ─────────────────────────────────────────────────────────────────────────

/**
 * What a card processor integration implements. The payments domain speaks only this; each
 * processor's own wire dialect (PFS codes, Orange statuses, Zoom host codes, …) is rendered for
 * the front end by server/domain/payments/dialects.ts. A real integration maps its processor's
 * API onto these answers; the sandbox (server/sandbox/processors/sandbox-gateway.ts) decides
 * them from the test card.
 *
 * Idempotency: `charge.uid` is unique per (payment, processor) and is the key a real
 * integration passes to its processor, so a retried start can never charge twice there either.
 */
export type ProcessorAnswer =
  | { kind: 'approved' }
  /** not final: the domain checks again on the next listen */
  | { kind: 'pending' }
  /** code: ISO 8583 response code (two digits) or a processor word; message: the processor's text */
  | { kind: 'declined'; code: string; message: string }
  /** the processor's own page (3-D Secure, hosted payment page, invoice) must be visited */
  | { kind: 'redirect' }
  /** Entropay: its start dialog or its CVV dialog */
  | { kind: 'dialog'; dialog: 'start' | 'cvv' }
  /** Zoom: the payment session token was refused */
  | { kind: 'tokenError' };

/** What a processor is asked to charge. Never the card number: a real integration charges the token. */
export interface Charge {
  /** this attempt's transaction id (the processor's idempotency key) */
  uid: string;
  paymentId: string;
  /** how many processors this payment tried before this one */
  seq: number;
  amountMinor: bigint;
  currency: string;
  card: { token: string; first6: string; last4: string; brand: string };
  /** the sandbox outcome scenario (from the test card or the sandbox control); real integrations ignore it */
  scenario: SandboxScenario;
}

/** The processor's answer to a void: done (or already done for this uid), or refused with its text. */
export type VoidAnswer = { kind: 'voided' } | { kind: 'failed'; message: string };

export interface ProcessorGateway {
  /** the processors are sandboxes: pages and answers say so */
  readonly sandbox: boolean;
  start(processor: CardProcessor, charge: Charge): Promise<ProcessorAnswer>;
  /** the state of a pending attempt; `checks` is how many checks were answered before */
  check(processor: CardProcessor, charge: Charge, checks: number): Promise<ProcessorAnswer>;
  /** the trader finished the processor's page or dialog: approve false is a cancel; cvv for Entropay's CVV dialog */
  complete(processor: CardProcessor, charge: Charge, result: { approve: boolean; cvv?: string }): Promise<ProcessorAnswer>;
  /**
   * Reverses this attempt's approval or authorisation (a void before settlement, a refund after):
   * the domain calls it when a processor approves a payment that another attempt already
   * approved, so the card holder is charged once. Idempotent per `charge.uid`: asking again
   * after a lost answer voids nothing twice.
   */
  void(processor: CardProcessor, charge: Charge): Promise<VoidAnswer>;
  /**
   * Refunds all or part of an approved attempt (issue 32 §2). Idempotent per `refund.key`: asking
   * again answers the same refund id and refunds nothing twice. `accepted` is not the outcome: the
   * processor confirms with its signed webhook (`refund.succeeded` or `refund.failed`,
   * server/domain/payments/reversal-webhook.ts). Absent: the processor takes no refunds from us.
   */
  refund?(processor: CardProcessor, charge: Charge, refund: RefundRequest): Promise<RefundAnswer>;
}

/** A refund asked of a processor: our idempotency key, the amount (at most what is left of the payment). */
export interface RefundRequest {
  key: string;
  amountMinor: bigint;
  currency: string;
}
/** The processor took the refund request (its refund id), or refused it at once. */
export type RefundAnswer = { kind: 'accepted'; refundId: string } | { kind: 'refused'; message: string };

// ─── the trading platform ────────────────────────────────────────────────────────────────────

/**
 * A balance operation of the platform's manager API: `amountMinor` (> 0) onto (credit) or off
 * (debit) the login's balance. The platform applies an `opId` once; the same id again answers
 * the first result (`duplicate`) and moves nothing.
 */
export interface BalanceOperation {
  opId: string;
  login: string;
  amountMinor: bigint;
  currency: string;
  /** shown in the platform's own transaction list */
  comment: string;
}

export interface BalanceOperationResult {
  duplicate: boolean;
  /** the login's balance after the operation, minor units */
  balanceMinor: bigint;
}

/** A page of the platform's orders or transactions of one login. */
export interface ListQuery {
  dateFrom: number;
  dateTo: number;
  limit: number;
  offset: number;
  status?: string;
  /** orders: the instrument */
  symbol?: string;
  /** transactions: the type */
  trType?: string;
}

/** A platform trade, as the platform lists it. */
export interface TradeView {
  id: string;
  symbol: string;
  direction: TradeDirection;
  amount: string;
  currency: string;
  payoutPercent: number;
  openPrice: string;
  closePrice: string | null;
  openedAt: number;
  expiresAt: number;
  settledAt: number | null;
  status: TradeStatus;
  /** credited at settlement ('0.00' while open or lost) */
  payout: string;
  /** payout minus stake: positive won, negative lost, zero tie or open */
  profit: string;
}

/** A platform balance transaction, as the platform lists it. */
export interface TransactionView {
  id: string;
  type: PlatformTxType;
  status: string;
  amount: string;
  balanceAfter: string;
  currency: string;
  tradeId: string | null;
  note: string;
  createdAt: number;
}

/** A settled platform trade (the broker books its result into the ledger). */
export interface SettledTrade {
  id: string;
  login: string;
  symbol: string;
  currency: string;
  status: TradeStatus;
  /** payout minus stake, minor units */
  profitMinor: bigint;
  /** the stake, minor units: counted into the bonus turnover (a gateway that does not report it counts none) */
  stakeMinor?: bigint;
  settledAt: Date;
}

/**
 * What the broker needs from the trading platform. The sandbox implements it over its own
 * tables (server/sandbox/platform/gateway.ts); a real integration implements the same interface
 * over the platform's API. The trading calls are optional so that a partial gateway (tests, an
 * outage stub) still serves sign-in; the broker answers 503 platform.unavailable when one is missing.
 */
export interface PlatformGateway {
  /** the login whose live platform session issued `token`, or null */
  verifyToken(token: string): Promise<{ login: string } | null>;
  /** opens a platform account; false when the login exists already */
  createAccount(input: { login: string; password: string; currency: string }): Promise<boolean>;
  /**
   * the account's balance as the platform reports it (`available`; `all` adds the stakes of
   * open trades), or null when there is no such login
   */
  userInfo(login: string): Promise<(PlatformUserInfo & { all?: string }) | null>;
  /** ends every platform session of the login (an account closed or excluded: signed out everywhere) */
  endSessions?(login: string): Promise<void>;
  /** the platform refuses new trades of the login until `until` (a break or self-exclusion); never shortens one already set */
  blockTrading?(login: string, until: Date): Promise<void>;
  /** the platform refuses every trade of the login for good, saying why (403 `trading.country_blocked`: a country we no longer serve, core/contract/countries.ts); idempotent */
  refuseTrading?(login: string, reason: 'country_blocked'): Promise<void>;
  /**
   * the trader's stake and loss limits for the login (core/trading-limits.ts): each limit's value in
   * force and a waiting change with its date, which the platform applies at that date by itself.
   * The platform refuses a trade over a limit in force (403 `trading.limit_{key}`). Replaces what
   * was set before; idempotent.
   */
  setTradingLimits?(login: string, schedule: TradingLimitSchedule): Promise<void>;
  /** sets the login's platform password (the broker checked the old one); false when there is no such login */
  setPassword?(login: string, password: string): Promise<boolean>;
  /** platform GET orders for a login (null: no such login) */
  orders?(login: string, query: ListQuery): Promise<{ list: TradeView[]; total: number } | null>;
  /** platform GET transactions for a login (null: no such login) */
  transactions?(login: string, query: ListQuery): Promise<{ list: TransactionView[]; total: number } | null>;
  /** settled trades, oldest first: of one login since a time (booking), or of everyone (the ticker) */
  settledTrades?(options: { login?: string; since?: Date; limit: number; newestFirst?: boolean }): Promise<SettledTrade[]>;
  /** balance operations; throw (e.g. no such login, too little balance) when not applied */
  credit?(op: BalanceOperation): Promise<BalanceOperationResult>;
  debit?(op: BalanceOperation): Promise<BalanceOperationResult>;
  /** the platform's deal events: `listener` hears the logins whose trades just settled */
  onTradesSettled?(listener: (logins: string[]) => void): () => void;
}

// ─── messages (emails and SMS) ───────────────────────────────────────────────────────────────

/**
 * How the broker sends emails and SMS (the one-time codes). A real integration implements this
 * over a mail or SMS provider; the sandbox writes every message to its outbox table
 * (server/sandbox/messages/messenger.ts). Nothing leaves the machine.
 */
export interface Messenger {
  send(message: OutgoingMessage): Promise<void>;
}

export interface OutgoingMessage {
  userId: number | null;
  channel: 'email' | 'sms';
  /** the email address (for SMS: the user's email, as this sandbox has no phone numbers) */
  address: string;
  subject: string;
  body: string;
}

// ─── blockchains ─────────────────────────────────────────────────────────────────────────────

/** A payment to one of our addresses, as the chain shows it. */
export interface ChainPayment {
  txid: string;
  /** the coin or ERC-20 token symbol sent (BTC, ETH, USDT, …) */
  asset: string;
  /** integer units of `decimals` */
  amountMinor: bigint;
  decimals: number;
  confirmations: number;
  /** when the transaction was first seen (broadcast) */
  seenAt: Date;
}

/**
 * What the invoice service needs from a blockchain. The sandbox chain implements it over its
 * own table (server/sandbox/chain/sandbox-chain.ts); a real one implements it over a node or an
 * indexer (Electrum/Esplora for the bitcoin-like chains, an Ethereum node's logs for ETH and
 * ERC-20 transfers).
 */
export interface ChainWatcher {
  /** the chain is a sandbox: invoices and the crypto tab say so */
  readonly sandbox: boolean;
  /** every payment to the address (any confirmations) */
  paymentsTo(chain: ChainId, address: string): Promise<ChainPayment[]>;
  /** called when an address receives something (a new block, a mempool transaction); returns unsubscribe */
  onActivity(listener: (chain: ChainId, address: string) => void): () => void;
}

/**
 * Sends coins back on a chain (an approved refund of a crypto exception, server/domain/crypto/exceptions.ts).
 * `ref` is the refund's idempotency key: the same ref twice is the same transaction (its id is returned).
 * `db` is the caller's transaction when the sender keeps its record in our database (the sandbox chain).
 */
export interface ChainSender {
  sendRefund(db: DbOrTx, input: { chain: ChainId; address: string; asset: string; amountMinor: bigint; decimals: number; ref: string }): Promise<string>;
}

// ─── exchange rates ──────────────────────────────────────────────────────────────────────────

/**
 * Exchange rates, as a real price feed would deliver them: the US dollar price of one unit of
 * each coin, token and account currency. The product shows them as approximate and adds no
 * markup (spec README, "red price label"); an invoice fixes the rate it used at creation.
 */
export interface RateQuote {
  /** where the prices come from; 'sandbox' prices are simulated and labelled so on screen */
  source: 'sandbox' | 'live';
  at: Date;
  /** USD per one unit, decimal strings: { BTC: "64250.00", EUR: "1.08", USD: "1" } */
  usd: Record<string, string>;
}

/** A price feed (server/sandbox/rates/sandbox-rates.ts; a live one: an exchange's ticker API). */
export interface RateSource {
  quote(): Promise<RateQuote>;
}

// ─── trading signals ─────────────────────────────────────────────────────────────────────────

/** A signal provider: publishes what it has due into the broker's `signals` table (server/sandbox/signals). */
export interface SignalSource {
  refresh(now: number): Promise<void>;
  /** a signal now, for testers (the sandbox's; POST /api/signals with `test`) */
  publishNow?(): Promise<void>;
}

// ─── payment methods (wallets) ───────────────────────────────────────────────────────────────

/**
 * One method deposit as its provider is asked to take it. `depositId` is our
 * reference (the merchant reference a real provider echoes in its webhook); `secureId` is
 * Neteller's secure id for a direct debit: passed through, never stored or logged.
 */
export interface MethodDepositStart {
  depositId: string;
  method: string;
  amountMinor: bigint;
  currency: string;
  /** the page language, for the provider's hosted page */
  lang: string;
  /** Neteller: the wallet account (email or account id) and its secure id */
  account?: string;
  secureId?: string;
}

/**
 * The provider's answer to a start: its hosted page (`redirect`), instructions to follow, or an
 * immediate result (a direct debit). Whatever it answers, the confirmation of a redirect or
 * instructions arrives later as the provider's signed webhook (`PaymentMethodGateway.webhook`).
 */
export type MethodStartAnswer =
  | { kind: 'redirect'; url: string }
  | { kind: 'instructions'; text: string }
  | { kind: 'paid'; providerTxId: string; amountMinor: bigint; currency: string }
  | { kind: 'declined'; code: string; message: string };

/**
 * What a wallet provider integration implements (Neteller, Skrill, Perfect Money, WebMoney,
 * Yandex, QIWI, OkPay, the PayPal-type Orange): start a deposit. The provider confirms by a
 * webhook to `POST /api/methods/{provider}/webhook`: a JSON body signed with HMAC-SHA256 over the
 * raw body with the provider's secret (header `x-webhook-signature: sha256=<hex>`), carrying
 * `event_id`, `type` (payment.completed | payment.failed), `deposit_id`, `transaction_id`,
 * `amount`, `currency` and `created` (unix seconds). The domain (server/domain/methods) verifies
 * and books it; server/sandbox/wallets implements the sandbox providers.
 */
export interface PaymentMethodGateway {
  /** the providers are sandboxes: their pages say so */
  readonly sandbox: boolean;
  /** the provider that takes this method's deposits (its webhook path and secret) */
  providerOf(method: string): string;
  start(provider: string, deposit: MethodDepositStart): Promise<MethodStartAnswer>;
  /**
   * Refunds all or part of a paid deposit (issue 32 §2), idempotent per `refund.key`, as
   * ProcessorGateway.refund: `accepted` with the provider's refund id, the outcome by its signed
   * `refund.succeeded` / `refund.failed` webhook. Absent: the provider takes no refunds from us.
   */
  refund?(provider: string, deposit: { depositId: string; providerTxId: string | null }, refund: RefundRequest): Promise<RefundAnswer>;
}

// ─── voucher provider (Vload) ─────────────────────────────────────────────────────────

/**
 * What a prepaid-voucher provider (Vload) integration implements: `lookup` reads a voucher's
 * value without using it; `redeem` uses it, idempotent per pin for this merchant (asking again
 * answers `redeemed` again, never a second value). The domain also keeps each
 * redeemed pin's hash, so a voucher credits once.
 */
export type VoucherAnswer =
  | { kind: 'valid'; voucherId: string; amountMinor: bigint; currency: string }
  | { kind: 'used' }
  | { kind: 'invalid' };

export interface VoucherProvider {
  readonly sandbox: boolean;
  /** the voucher of `pin` (digits only) for an account in `currency`: its value, or used, or invalid */
  lookup(pin: string, currency: string): Promise<VoucherAnswer>;
  /** uses the voucher `voucherId` of `pin` */
  redeem(pin: string, voucherId: string): Promise<{ kind: 'redeemed' } | { kind: 'used' } | { kind: 'invalid' }>;
}

// ─── help desk (support tickets) ───────────────────────────────────────────────────────

/** What a ticket is about ("Ask about this payment"): checked against its owner by the domain before the desk sees it. */
export interface DeskAbout {
  kind: 'payment' | 'invoice' | 'withdrawal';
  id: string;
}

/** A ticket as the desk keeps it. statusId: 1 Open, 2 Answered, 3 Closed. */
export interface DeskTicket {
  id: string;
  userId: number;
  department: string;
  priority: string;
  subject: string;
  statusId: 1 | 2 | 3;
  about: DeskAbout | null;
  /** an agent wrote since the trader last opened the ticket */
  unread: boolean;
  activity: Date;
  createdAt: Date;
}

export interface DeskAttachment {
  id: string;
  name: string;
  mime: string;
  size: number;
}

export interface DeskMessage {
  id: string;
  author: 'trader' | 'agent';
  /** the agent's name; null for the trader (the domain names them) */
  agentName: string | null;
  /** plain text */
  content: string;
  createdAt: Date;
  attachments: DeskAttachment[];
}

export interface DeskThread {
  ticket: DeskTicket;
  messages: DeskMessage[];
}

export interface NewDeskTicket {
  userId: number;
  department: string;
  priority: string;
  subject: string;
  content: string;
  /** the idempotency key: a second create with the same key answers the first ticket */
  key: string;
  /** ids of the trader's staged attachments (checked by the desk: own, still staged) */
  attachments: string[];
  about: DeskAbout | null;
}

export interface DeskReply {
  content: string;
  /** the idempotency key, unique per ticket */
  key: string;
  attachments: string[];
}

/** An agent answered or changed a ticket (a Kayako or Zammad webhook; the sandbox console). */
export interface DeskAgentUpdate {
  userId: number;
  ticketId: string;
  statusId: 1 | 2 | 3;
  /** the agent wrote a message (the trader has something unread) */
  replied: boolean;
}

/**
 * What a help desk integration (Kayako, Zammad, …) implements. The support domain
 * (server/domain/support) checks the trader's input, the limits and what a ticket is about, then
 * speaks only this; server/sandbox/desk keeps the tickets in our database and lets a tester
 * answer at /sandbox/desk. Every call that names a ticket takes its owner: another trader's
 * ticket answers null (the domain makes it a 404). Attachments are files the trader staged
 * through the one upload service (documents of kind `attachment`); the desk links them to the
 * message in the same transaction, or refuses them all.
 */
export interface HelpDesk {
  /** the desk is a sandbox: its console says so */
  readonly sandbox: boolean;
  /** creates a ticket with its first message; the same key again answers the first ticket (created false) */
  create(ticket: NewDeskTicket): Promise<{ thread: DeskThread; created: boolean }>;
  /** the trader's tickets, last activity first */
  list(userId: number): Promise<DeskTicket[]>;
  /** one ticket with its messages; `markRead` clears the unread flag */
  thread(userId: number, ticketId: string, options?: { markRead?: boolean }): Promise<DeskThread | null>;
  /** the trader replies: a ticket that is not Open becomes Open (002 §4); the same key again adds nothing */
  reply(userId: number, ticketId: string, reply: DeskReply): Promise<{ thread: DeskThread; created: boolean } | null>;
  /** the trader closes the ticket (Closed stays Closed) */
  close(userId: number, ticketId: string): Promise<DeskThread | null>;
  /** an attachment of one of the ticket's messages, for the ticket's owner */
  attachment(userId: number, ticketId: string, attachmentId: string): Promise<{ id: string; kind: 'attachment'; mime: UploadMime; content: Buffer } | null>;
  /** a call-back request (000 §7): lands in the desk for an agent to call and mark done */
  callBack(request: { userId: number; phone: string; time: 'any' | 'morning' | 'afternoon' | 'evening'; key: string | null }): Promise<{ id: string; created: boolean }>;
  /** agent replies and status changes coming in; returns the unsubscribe */
  onAgentUpdate(listener: (update: DeskAgentUpdate) => void): () => void;
}

// ─── news and analysis ────────────────────────────────────────────────────────────

/** One news item as a feed gives it, already plain text (server/domain/news/sanitise.ts). */
export interface NewsFeedItem {
  /** stable within the feed: [A-Za-z0-9_-], at most 64 characters */
  id: string;
  title: string;
  /** ISO 8601 */
  date: string;
  summary: string;
  body: string;
  /** http or https only, else null */
  link: string | null;
  source: string;
}

/**
 * A news feed (spec 001 §7 /api/news/rss, /api/news/html): the sandbox feed
 * (server/sandbox/news/sandbox-news.ts) or a real RSS/Atom source (server/domain/news/rss.ts,
 * NEWS_RSS_URL). `items` rejects with a NewsUnavailable when the source fails.
 */
export interface NewsFeed {
  readonly kind: 'sandbox' | 'rss';
  items(lang: 'en' | 'ru'): Promise<NewsFeedItem[]>;
}

// ─── chat ────────────────────────────────────────────────────────────────────────────────────

/** The chat provider (spec 001 §6): the sandbox one is server/sandbox/chat/chat.ts. */
export interface ChatGateway {
  /** the chat is a sandbox: the page says so */
  readonly sandbox: boolean;
  /** the provider's base address, handed to the browser */
  url: string;
  /** the hosts that can receive tips */
  hosts: readonly { id: string; name: string }[];
  /** a token that lets the browser chat as this trader */
  issueToken(input: { userRef: string; name: string }): Promise<{ token: string; expiresAt: Date }>;
}

// ─── identity provider ───────────────────────────────────────────────────────────────────────

/**
 * An OpenID Connect provider served by this server itself (the sandbox's, server/sandbox/idp):
 * the sign-in calls it in-process. A real provider is configured instead (OIDC_ISSUER).
 */
export interface LocalIdentityProvider {
  name: string;
  clientId: string;
  /** the issuer URL for the origin the browser uses (e.g. http://127.0.0.1:3000) */
  issuer(origin: string): string;
  /** the site's client secret (the same on every instance) */
  clientSecret(): Promise<string>;
}

// ─── where an address is ─────────────────────────────────────────────────────────────────────

/**
 * The approximate country of a client address (the sign-in history's column; issue 31 §1). A
 * real integration reads a geolocation database (MaxMind GeoLite2 or the like); the sandbox knows
 * only the documentation ranges (server/sandbox/geo/geo.ts). null: it cannot tell.
 */
export interface GeoLocator {
  countryOf(ip: string): string | null;
}

// ─── every port, as the composition root hands them out ─────────────────────────────────────

/**
 * The outside world, built once from the configuration by server/compose.ts and handed to every
 * route in its deps (`deps.ports`). A real integration replaces one field there.
 */
export interface Ports {
  platform: PlatformGateway;
  /** emails and SMS (one-time codes, reset links) */
  messenger: Messenger;
  /** the card processors */
  processors: ProcessorGateway;
  /** the sandbox's test card numbers: the scenario a number plays, and whether every tester shares it */
  testCards: { scenarioOf(digits: string): SandboxScenario; isShared(digits: string): boolean };
  chain: ChainWatcher;
  /** the key per chain that crypto deposits are received to (a chain without one takes no invoices), and the invoices' life */
  chainKeys: CryptoConfig;
  rates: RateSource;
  wallets: PaymentMethodGateway;
  /** the secret each wallet provider signs its webhooks with (a provider without one takes no webhook) */
  walletSecrets: MethodConfig;
  /** the secret each card processor signs its refund and dispute webhooks with (PROCESSOR_WEBHOOK_SECRET_{NAME}; none: its webhooks are refused) */
  processorSecrets: MethodConfig;
  /** Vload vouchers; none: vouchers are not offered */
  vouchers: VoucherProvider | null;
  /** the broker's bank account for transfers; none: bank transfers show no details */
  bankDetails: BankDetails | null;
  desk: HelpDesk;
  news: NewsFeed;
  /** publishes due signals before they are listed (the sandbox's); none: only what is in the table */
  signals?: SignalSource;
  chat: ChatGateway;
  /** new contests on a schedule (the sandbox's); none: only contests created otherwise */
  contestSchedule?: (now: Date) => Promise<void>;
  /** the identity provider on this server (sandbox mode without OIDC_ISSUER) */
  identity?: LocalIdentityProvider;
  /** the approximate country of a client address (none: the history shows none) */
  geo: GeoLocator;
}
