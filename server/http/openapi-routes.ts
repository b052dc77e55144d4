import type * as z from 'zod/mini';
import {
  AutologinRequest,
  BankReportRequest,
  BankReportResponse,
  CARD_START_URL,
  CardListenRequest,
  CardListenResponse,
  CardPaymentView,
  CardProcessor,
  CardSaveRequest,
  CardStartRequest,
  ChatBalanceRequest,
  ChatBalanceResponse,
  ChatTokenResponse,
  CreateAccountRequest,
  CreateAccountResponse,
  CryptoInvoice,
  CryptoOptions,
  CryptoPayRequest,
  CryptoPayResponse,
  CryptoRates,
  EntroCvvRequest,
  EntroRejectRequest,
  FactorsCheckRequest,
  FactorsCheckResponse,
  FraudCheckRequest,
  FraudCheckResponse,
  FreshUserRequest,
  FreshUserResponse,
  FundingOptionsResponse,
  HistoryQuery,
  HistoryResponse,
  InvoiceCheckRequest,
  InvoiceCheckResponse,
  LoginRequest,
  LoginResponse,
  MeResponse,
  Ok,
  PasswordChangeRequest,
  PasswordChangeResponse,
  PendingList,
  QuickTopUpRequest,
  QuickTopUpResponse,
  RejectRequest,
  RejectResponse,
  ReportsQuery,
  ReportsResponse,
  RunlineResponse,
  SandboxAutologinRequest,
  SandboxAutologinResponse,
  SandboxCardCompleteRequest,
  SandboxCardCompleteResponse,
  SandboxCardNextRequest,
  SandboxCardNextResponse,
  SandboxChainRequest,
  SandboxChainResponse,
  SandboxPlatformExpire,
  SandboxPlatformFund,
  SandboxSignalRequest,
  SandboxVerificationRequest,
  SavedCard,
  SetAccountRequest,
  SetAccountResponse,
  SettleWithdrawalRequest,
  Settings,
  SignalsRequest,
  SignalsResponse,
  TipRequest,
  TipResponse,
  TwoFactorsRequest,
  TwoFactorsResponse,
  UnionPayListenRequest,
  ValidationAttemptRequest,
  ValidationAttemptResponse,
  VloadRequest,
  VloadResponse,
  WithdrawalCheck,
  WithdrawalFinal,
  WithdrawalFinalRequest,
  WithdrawalRequest,
  WithdrawalTrigger,
  ZoomSessionRequest,
  ZoomSessionResponse,
  processorSlug,
  ErrorReport,
  NotifyLoginFail,
  CoinSlug,
  PromoRequest,
  PromoResponse,
} from '../../core/contract';
import { SandboxScriptRequest, SandboxScriptResponse, SandboxScriptWho } from '../sandbox/script/contract';
import { IqAnswer, IqState } from '../../core/contract/iq';
import { Ladder } from '../../core/contract/ladder';
import { ContestIdRequest, CreateContestRequest, ContestList } from '../../core/contract/contests';
import { ForgetCheckRequest, ForgetCheckResponse, ForgetRequest, ForgetResetRequest, ForgetResetResponse, ForgetResponse } from '../../core/contract/forgot';
import { FastMethodRequest, MethodDepositView, MethodStartResponse, NetellerRequest, ReportMethodRequest } from '../../core/contract/methods';
import { FAST_METHODS, REPORT_METHODS } from '../../core/methods';
import { NewsBody, NewsBodyQuery, NewsList, NewsQuery } from '../../core/contract/news';
import { NotificationList, NotificationListQuery, NotificationReadRequest, NotificationReadResponse } from '../../core/contract/notifications';
import { LastHost, OfferId, OffersResponse, SandboxOfferRequest } from '../../core/contract/offers';
import { ActivateRequest, ActivateResponse, PromotionList, PromotionMax } from '../../core/contract/promotions';
import { PublicRunline, PublicSiteInfo, TabContent } from '../../core/contract/public-site';
import { ReferralRequest } from '../../core/contract/referral';
import { RegisterCheckRequest, RegisterCheckResponse, RegisterRequest, RegisterResponse } from '../../core/contract/register';
import { SocialPending, SocialRegisterRequest, SocialRegisterResponse } from '../../core/contract/social';
import { CallRequest, CloseRequest, ContactRequest, NewTicketRequest, ReplyRequest, ShowRequest, SupportInfo, SupportInit, TicketForm, TicketList, TicketThread } from '../../core/contract/support';

/**
 * The API document's table: every route the server registers, by `METHOD url`, with
 * its tag, a summary and the contract schemas its handler parses (body, query) and answers with
 * (a 200 response: the type the handler is declared to return). Documentation only: Fastify does
 * not validate or serialise with these; the handlers parse with the same schemas (server/http/parse.ts).
 * server/http/openapi.test.ts fails when a registered route has no entry here.
 */
export interface RouteDoc {
  tag: Tag;
  summary: string;
  body?: z.ZodMiniType;
  query?: z.ZodMiniType;
  /** the 200 answer */
  response?: z.ZodMiniType;
  /** not JSON: an HTML page, a redirect, a stream, a file */
  produces?: 'text/html' | 'redirect' | 'text/event-stream' | 'file' | 'text/javascript' | 'text/css' | 'image/svg+xml' | 'text/plain' | 'application/xml';
}

export const TAGS = {
  session: 'Sign-in and session',
  account: 'Account and security',
  crypto: 'Funding: crypto',
  card: 'Funding: cards',
  methods: 'Funding: other methods',
  withdrawal: 'Withdrawals',
  trading: 'Trading',
  support: 'Support',
  engagement: 'Notifications, offers, promotions, contests, referral',
  public: 'Public site and news',
  platform: 'Trading platform (sandbox)',
  operations: 'Operations',
  sandbox: 'Sandbox and operator (SANDBOX=1 only)',
} as const;
export type Tag = (typeof TAGS)[keyof typeof TAGS];

const T = TAGS;
const table: Record<string, RouteDoc> = {};
const doc = (key: string, entry: RouteDoc) => {
  table[key] = entry;
};

// ─── sign-in and session ─────────────────────────────────────────────────────────────────────
doc('GET /', { tag: T.public, summary: 'Redirects to the default language', produces: 'redirect' });
doc('GET /api/settings', { tag: T.session, summary: 'The settings object', response: Settings });
doc('GET /api/me', { tag: T.session, summary: 'The signed-in user', response: MeResponse });
doc('POST /api/login', { tag: T.session, summary: 'Sign in (email and password, second factor when on)', body: LoginRequest, response: LoginResponse });
doc('POST /api/logout', { tag: T.session, summary: 'Sign out' });
doc('POST /api/autologin', { tag: T.session, summary: 'Trade a one-time sign-in key for the platform credentials', body: AutologinRequest });
doc('GET /api/events', { tag: T.session, summary: 'Server-sent events for the signed-in user', produces: 'text/event-stream' });
doc('POST /api/register', { tag: T.session, summary: 'Open an account', body: RegisterRequest, response: RegisterResponse });
doc('POST /api/register/check', { tag: T.session, summary: 'Check a registration field (email taken, …)', body: RegisterCheckRequest, response: RegisterCheckResponse });
doc('POST /api/forget', { tag: T.session, summary: 'Forgotten password: send a reset code', body: ForgetRequest, response: ForgetResponse });
doc('POST /api/forget/check', { tag: T.session, summary: 'Forgotten password: check the code', body: ForgetCheckRequest, response: ForgetCheckResponse });
doc('POST /api/forget/reset', { tag: T.session, summary: 'Forgotten password: set a new password', body: ForgetResetRequest, response: ForgetResetResponse });
doc('GET /api/oidc/start', { tag: T.session, summary: 'Social sign-in: go to the identity provider', produces: 'redirect' });
doc('GET /api/oidc/callback', { tag: T.session, summary: 'Social sign-in: the provider returns here', produces: 'redirect' });
doc('GET /api/oidc/pending', { tag: T.session, summary: 'Social sign-in: the identity waiting for registration', response: SocialPending });
doc('POST /api/oidc/register', { tag: T.session, summary: 'Social sign-in: open the account', body: SocialRegisterRequest, response: SocialRegisterResponse });
doc('POST /api/us/handler', { tag: T.session, summary: 'Client error report', body: ErrorReport, response: Ok });
doc('POST /api/notify/login_fail', { tag: T.session, summary: 'Tell the account owner of a failed sign-in', body: NotifyLoginFail, response: Ok });

// ─── account and security ────────────────────────────────────────────────────────────────────
doc('POST /api/us/set_account', { tag: T.account, summary: 'Switch the trading account', body: SetAccountRequest, response: SetAccountResponse });
doc('POST /api/us/set_account_exchange', { tag: T.account, summary: 'Switch to the exchange account', response: SetAccountResponse });
doc('POST /api/us/create_account', { tag: T.account, summary: 'Open an account in another currency', body: CreateAccountRequest, response: CreateAccountResponse });
doc('POST /api/us/security', { tag: T.account, summary: 'Change the password', body: PasswordChangeRequest, response: PasswordChangeResponse });
doc('POST /api/fraud/two_factors', { tag: T.account, summary: 'Turn the second factor on or off', body: TwoFactorsRequest, response: TwoFactorsResponse });
doc('POST /api/fraud/factors_check', { tag: T.account, summary: 'Check a second-factor code', body: FactorsCheckRequest, response: FactorsCheckResponse });
doc('POST /api/fraud/attemps', { tag: T.account, summary: 'Check a validation code', body: ValidationAttemptRequest, response: ValidationAttemptResponse });
doc('POST /api/fraud/user', { tag: T.account, summary: 'The user, re-read after a security change', response: MeResponse });
doc('POST /upload', { tag: T.account, summary: 'Upload a verification document (multipart)' });
doc('GET /upload/:id', { tag: T.account, summary: 'One uploaded document (its owner only)', produces: 'file' });
doc('GET /api/verification/documents', { tag: T.account, summary: 'The verification documents and their states' });

// ─── crypto ──────────────────────────────────────────────────────────────────────────────────
for (const coin of CoinSlug.options) {
  doc(`POST /api/${coin}/pay`, { tag: T.crypto, summary: `Create a ${coin} invoice`, body: CryptoPayRequest, response: CryptoPayResponse });
  doc(`POST /api/${coin}/check`, { tag: T.crypto, summary: `Check a ${coin} invoice`, body: InvoiceCheckRequest, response: InvoiceCheckResponse });
  doc(`GET /api/${coin}/invoice/:guid`, { tag: T.crypto, summary: `The ${coin} invoice page address (redirects into the trading shell)`, produces: 'redirect' });
}
doc('GET /api/crypto/invoices/:guid', { tag: T.crypto, summary: 'One invoice, everything its page shows', response: CryptoInvoice });
doc('GET /api/crypto/options', { tag: T.crypto, summary: 'Coins, chains and minimum deposits for the user', response: CryptoOptions });
for (const method of ['GET', 'POST']) {
  doc(`${method} /api/bitcoin/currency`, { tag: T.crypto, summary: 'Exchange rates keyed by coin (approximate, in USD)', response: CryptoRates });
  doc(`${method} /api/triggers/exchange`, { tag: T.crypto, summary: 'Exchange rates keyed by coin (same as /api/bitcoin/currency)', response: CryptoRates });
}

// ─── cards ───────────────────────────────────────────────────────────────────────────────────
doc('GET /api/card/options', { tag: T.card, summary: 'Funding options: cascade, saved cards, limits', response: FundingOptionsResponse });
doc('POST /api/card/save', { tag: T.card, summary: 'Save a card for later deposits', body: CardSaveRequest, response: SavedCard });
doc('POST /api/fraud/card', { tag: T.card, summary: 'Fraud check before a card payment', body: FraudCheckRequest, response: FraudCheckResponse });
for (const processor of CardProcessor.options) {
  doc(`POST /api/card/listen/${processorSlug(processor)}`, { tag: T.card, summary: `The state of a ${processor} payment attempt`, body: CardListenRequest, response: CardListenResponse });
  if (processor === 'VLOAD') continue; // /api/vload/pay: below
  doc(`POST ${CARD_START_URL[processor]}`, { tag: T.card, summary: `Start a card payment with ${processor}`, body: CardStartRequest });
}
doc('POST /api/vload/pay', { tag: T.card, summary: 'Start a card payment with VLOAD', body: CardStartRequest });
doc('POST /api/payconcept/listen', { tag: T.card, summary: 'The state of a CONCEPT payment attempt', body: CardListenRequest, response: CardListenResponse });
doc('POST /api/card/listen/skrill', { tag: T.card, summary: 'Skrill listen (no Skrill card processor: never found)', body: CardListenRequest, response: CardListenResponse });
doc('POST /api/unionpay/listen', { tag: T.card, summary: 'UnionPay listen (no UnionPay processor: never found)', body: UnionPayListenRequest, response: CardListenResponse });
doc('GET /api/card/fast/ezpay', { tag: T.card, summary: 'EZPAY hosted page entry', produces: 'redirect' });
doc('GET /api/card/fast/ezpay/page/:uid', { tag: T.card, summary: 'EZPAY hosted payment page', produces: 'text/html' });
doc('GET /api/card/secure/pfs/:uid', { tag: T.card, summary: 'PFS 3-D Secure page', produces: 'text/html' });
doc('GET /api/payconcept/secure/:uid', { tag: T.card, summary: 'CONCEPT 3-D Secure page', produces: 'text/html' });
doc('GET /api/shape/invoice/:uid', { tag: T.card, summary: 'SHAPE hosted invoice page', produces: 'text/html' });
doc('GET /api/entro/redirect', { tag: T.card, summary: 'Entropay return address', produces: 'redirect' });
doc('POST /api/entro/reject', { tag: T.card, summary: 'Entropay: the user declines', body: EntroRejectRequest, response: Ok });
doc('POST /api/entro/cvv', { tag: T.card, summary: 'Entropay: send the CVV', body: EntroCvvRequest });
doc('POST /api/zoom', { tag: T.card, summary: 'Zoom: open a session', body: ZoomSessionRequest, response: ZoomSessionResponse });
doc('GET /api/card/payments/:id', { tag: T.card, summary: 'One card payment and its attempts', response: CardPaymentView });

// ─── other funding methods ───────────────────────────────────────────────────────────────────
for (const method of ['bank', 'fiat']) {
  doc(`POST /api/report/${method}`, { tag: T.methods, summary: `Report a ${method} transfer`, body: BankReportRequest, response: BankReportResponse });
}
doc('GET /api/report/bank/open', { tag: T.methods, summary: 'The open bank transfer reports' });
doc('GET /api/report/bank/:id', { tag: T.methods, summary: 'One bank transfer report' });
doc('POST /api/report/bank/:id/receipt', { tag: T.methods, summary: 'Attach a receipt (multipart)' });
doc('POST /api/card/fast/vload', { tag: T.methods, summary: 'Redeem a Vload voucher', body: VloadRequest, response: VloadResponse });
for (const path of ['/api/vload/start', '/api/vload/prepare', '/api/vload/finish']) doc(`GET ${path}`, { tag: T.methods, summary: 'Vload voucher pages', produces: 'redirect' });
doc('POST /api/report/quick', { tag: T.methods, summary: 'Quick top-up with a saved card', body: QuickTopUpRequest, response: QuickTopUpResponse });
doc('POST /api/neteller', { tag: T.methods, summary: 'Start a Neteller deposit', body: NetellerRequest, response: MethodStartResponse });
for (const method of FAST_METHODS) doc(`POST /api/card/fast/${method}`, { tag: T.methods, summary: `Start a ${method} deposit`, body: FastMethodRequest, response: MethodStartResponse });
for (const method of REPORT_METHODS) {
  doc(`POST /api/report/${method}`, { tag: T.methods, summary: `Start a ${method} deposit`, body: ReportMethodRequest, response: MethodStartResponse });
}
doc('GET /api/methods/deposits/:id', { tag: T.methods, summary: 'One wallet-method deposit', response: MethodDepositView });
doc('POST /api/methods/:provider/webhook', { tag: T.methods, summary: "A provider's signed webhook (raw body)" });
doc('POST /api/promo', { tag: T.methods, summary: 'Check a promo code', body: PromoRequest, response: PromoResponse });
doc('POST /api/triggers/promo', { tag: T.methods, summary: 'Check a promo code (spec alias)', body: PromoRequest, response: PromoResponse });

// ─── withdrawals ─────────────────────────────────────────────────────────────────────────────
doc('POST /api/withdrawal', { tag: T.withdrawal, summary: 'Check a withdrawal', body: WithdrawalRequest, response: WithdrawalCheck });
doc('POST /api/withdrawal/final', { tag: T.withdrawal, summary: 'Request a withdrawal', body: WithdrawalFinalRequest, response: WithdrawalFinal });
doc('POST /api/us/pending', { tag: T.withdrawal, summary: 'Pending withdrawals', response: PendingList });
doc('POST /api/us/reject', { tag: T.withdrawal, summary: 'Cancel a pending withdrawal', body: RejectRequest, response: RejectResponse });
doc('POST /api/triggers/wd', { tag: T.withdrawal, summary: 'Withdrawal page opened (spec trigger)', body: WithdrawalTrigger, response: Ok });
doc('POST /api/triggers/wdr', { tag: T.withdrawal, summary: 'Withdrawal requested (spec trigger)', body: WithdrawalTrigger, response: Ok });

// ─── trading ─────────────────────────────────────────────────────────────────────────────────
doc('POST /api/us/history', { tag: T.trading, summary: 'Deposits and withdrawals history', body: HistoryQuery, response: HistoryResponse });
doc('POST /api/us/reports', { tag: T.trading, summary: 'Trading reports', body: ReportsQuery, response: ReportsResponse });
doc('POST /api/chat/token', { tag: T.trading, summary: 'A token for the chat widget', response: ChatTokenResponse });
doc('POST /api/chat/balance', { tag: T.trading, summary: 'The balance shown in the chat', body: ChatBalanceRequest, response: ChatBalanceResponse });
doc('POST /api/triggers/tips', { tag: T.trading, summary: 'Tips shown and confirmed', body: TipRequest, response: TipResponse });
doc('POST /api/signals', { tag: T.trading, summary: 'Trading signals', body: SignalsRequest, response: SignalsResponse });
doc('GET /api/trading/runline', { tag: T.trading, summary: 'The runline (ticker of recent trades) for the signed-in user', response: RunlineResponse });

// ─── support ─────────────────────────────────────────────────────────────────────────────────
doc('GET /api/kayako/init', { tag: T.support, summary: 'Support: the user’s desk state', response: SupportInit });
doc('GET /api/kayako/form', { tag: T.support, summary: 'Support: the new-ticket form', response: TicketForm });
doc('GET /api/kayako/list', { tag: T.support, summary: 'Support: the user’s tickets', response: TicketList });
doc('POST /api/kayako/show', { tag: T.support, summary: 'Support: one ticket thread', body: ShowRequest, response: TicketThread });
doc('POST /api/kayako/ticket', { tag: T.support, summary: 'Support: open a ticket', body: NewTicketRequest, response: TicketThread });
doc('POST /api/kayako/post', { tag: T.support, summary: 'Support: reply to a ticket', body: ReplyRequest, response: TicketThread });
doc('POST /api/kayako/close', { tag: T.support, summary: 'Support: close a ticket', body: CloseRequest, response: TicketThread });
doc('POST /api/kayako/upload/:kind/:mode', { tag: T.support, summary: 'Support: stage an attachment (multipart)' });
doc('POST /api/kayako/upload/attachment/:mode', { tag: T.support, summary: 'Support: stage an attachment (multipart)' });
doc('POST /api/kayako/drop', { tag: T.support, summary: 'Support: drop a staged attachment' });
doc('GET /api/kayako/att', { tag: T.support, summary: 'Support: download an attachment', produces: 'file' });
doc('POST /api/call', { tag: T.support, summary: 'Ask for a call-back', body: CallRequest });
doc('GET /api/info', { tag: T.support, summary: 'Support contacts', response: SupportInfo });
doc('POST /api/contacts', { tag: T.support, summary: 'Contact form', body: ContactRequest });
doc('GET /chat/widget', { tag: T.support, summary: 'Chat widget page (sandbox chat)', produces: 'text/html' });
doc('GET /chat/widget.js', { tag: T.support, summary: 'Chat widget script', produces: 'text/javascript' });
doc('GET /chat/widget.css', { tag: T.support, summary: 'Chat widget styles', produces: 'text/css' });
doc('GET /chat/messages', { tag: T.support, summary: 'Chat messages of the conversation' });
doc('POST /chat/messages', { tag: T.support, summary: 'Send a chat message' });

// ─── engagement ──────────────────────────────────────────────────────────────────────────────
doc('GET /api/us/notifications', { tag: T.engagement, summary: 'The bell: notifications', query: NotificationListQuery, response: NotificationList });
doc('POST /api/us/notifications_read', { tag: T.engagement, summary: 'Mark one notification read', body: NotificationReadRequest, response: NotificationReadResponse });
doc('POST /api/us/notifications_read_all', { tag: T.engagement, summary: 'Mark all notifications read', response: NotificationReadResponse });
doc('GET /api/us/offers', { tag: T.engagement, summary: 'Timed offers (deadlines held by the server)', response: OffersResponse });
doc('POST /api/triggers/limited_yes', { tag: T.engagement, summary: 'Accept a timed offer', body: OfferId });
doc('POST /api/triggers/limited_ignore', { tag: T.engagement, summary: 'Ignore a timed offer', body: OfferId });
doc('POST /api/triggers/last_host', { tag: T.engagement, summary: 'Record the host the user came through', body: LastHost });
doc('POST /api/triggers/cards', { tag: T.engagement, summary: 'Card trigger (spec)' });
doc('GET /api/triggers/cards', { tag: T.engagement, summary: 'Card trigger (spec)' });
doc('GET /api/us/promotions', { tag: T.engagement, summary: 'Promotions', response: PromotionList });
doc('POST /api/us/promotions_activate', { tag: T.engagement, summary: 'Activate a promotion', body: ActivateRequest, response: ActivateResponse });
doc('GET /api/us/promotions_max', { tag: T.engagement, summary: 'The best promotion available', response: PromotionMax });
doc('GET /api/tourney/current', { tag: T.engagement, summary: 'Current contests', response: ContestList });
doc('GET /api/tourney/last', { tag: T.engagement, summary: 'Finished contests', response: ContestList });
doc('GET /api/us/ladder', { tag: T.engagement, summary: 'The ladder: the trader’s place in the current weekly contest', response: Ladder });
doc('POST /api/iq/start', { tag: T.engagement, summary: 'IQ mining: start or resume', response: IqState });
doc('POST /api/iq/next', { tag: T.engagement, summary: 'IQ mining: answer and go on', body: IqAnswer, response: IqState });
doc('POST /api/tourney/get', { tag: T.engagement, summary: 'One contest', body: ContestIdRequest });
doc('GET /api/tourney/get', { tag: T.engagement, summary: 'One contest (?id=)' });
doc('POST /api/us/refferal', { tag: T.engagement, summary: 'Referral program: the program, stats and transfers', body: ReferralRequest });
doc('GET /api/us/refferal/banner/:size.svg', { tag: T.engagement, summary: 'Referral banner', produces: 'image/svg+xml' });

// ─── public site and news ────────────────────────────────────────────────────────────────────
doc('GET /api/public/site', { tag: T.public, summary: 'Public site facts', response: PublicSiteInfo });
doc('GET /api/public/runline', { tag: T.public, summary: 'The public runline (prices ticker)', response: PublicRunline });
doc('GET /api/tb/:tab', { tag: T.public, summary: 'One public page tab’s content', response: TabContent });
doc('GET /api/news/rss', { tag: T.public, summary: 'News and analysis list', query: NewsQuery, response: NewsList });
doc('GET /api/news/html', { tag: T.public, summary: 'One news item’s body', query: NewsBodyQuery, response: NewsBody });

// ─── operations ──────────────────────────────────────────────────────────────────────────────
doc('GET /healthz', { tag: T.operations, summary: 'The process answers' });
doc('GET /readyz', { tag: T.operations, summary: 'Ready: migrations done, database answers, push hub connected (503 until then)' });

// ─── the site's files (server/http/site.ts) ─────────────────────────────────────────────────
doc('GET /favicon.svg', { tag: T.public, summary: 'The site icon', produces: 'image/svg+xml' });
doc('GET /favicon.ico', { tag: T.public, summary: 'Redirects to /favicon.svg (browsers ask for it by themselves)', produces: 'redirect' });
doc('GET /robots.txt', { tag: T.public, summary: 'What crawlers may index; names the sitemap', produces: 'text/plain' });
doc('GET /sitemap.xml', { tag: T.public, summary: 'The public pages in every language, with hreflang alternates', produces: 'application/xml' });

// ─── the trading platform (sandbox platform under settings.platform) ─────────────────────────
const platform = (method: string, path: string, summary: string, produces?: RouteDoc['produces']) =>
  doc(`${method} /platform${path}`, { tag: T.platform, summary, ...(produces && { produces }) });
platform('POST', '/login', 'Platform sign-in');
platform('POST', '/logout', 'Platform sign-out');
platform('GET', '/userInfo', 'Platform user');
platform('GET', '/instruments', 'Instruments');
platform('GET', '/state', 'Account state');
platform('GET', '/chart', 'Price chart');
platform('POST', '/trades', 'Open a trade');
platform('GET', '/orders', 'Orders');
platform('GET', '/transactions', 'Transactions');
platform('POST', '/password', 'Platform password change');
platform('GET', '/trade', 'Platform page', 'text/html');
platform('GET', '/trade.js', 'Platform script', 'text/javascript');
platform('GET', '/trade.css', 'Platform styles', 'text/css');
platform('GET', '/format.js', 'Platform money formatter (core/format.ts, bundled)', 'text/javascript');

// ─── sandbox and operator (registered only with SANDBOX=1) ───────────────────────────────────
const sandbox = (key: string, summary: string, extra: Partial<RouteDoc> = {}) => doc(key, { tag: T.sandbox, summary, ...extra });
sandbox('POST /api/sandbox/autologin', 'Make a sign-in key', { body: SandboxAutologinRequest, response: SandboxAutologinResponse });
sandbox('POST /api/sandbox/card/next', 'Script the next card answer', { body: SandboxCardNextRequest, response: SandboxCardNextResponse });
sandbox('POST /api/sandbox/card/complete', 'Complete a card payment', { body: SandboxCardCompleteRequest, response: SandboxCardCompleteResponse });
sandbox('POST /api/sandbox/script', 'Script third-party outcomes (one-shot)', { body: SandboxScriptRequest, response: SandboxScriptResponse });
sandbox('GET /api/sandbox/script', 'Scripted outcomes still waiting', { query: SandboxScriptWho, response: SandboxScriptResponse });
sandbox('POST /api/sandbox/script/clear', 'Drop the waiting scripted outcomes', { body: SandboxScriptWho });
sandbox('POST /sandbox/card/complete', 'Card processor page: complete (form)', { produces: 'redirect' });
sandbox('POST /api/sandbox/chain/pay', 'Pay an invoice on the sandbox chain', { body: SandboxChainRequest, response: SandboxChainResponse });
sandbox('POST /api/sandbox/chain/expire', 'Expire an invoice', { body: SandboxChainRequest, response: SandboxChainResponse });
sandbox('POST /api/sandbox/contests', 'Create a contest', { body: CreateContestRequest });
sandbox('POST /api/sandbox/contests/:id/close', 'Close a contest now');
sandbox('POST /api/sandbox/offers/now', 'Make a timed offer now', { body: SandboxOfferRequest });
sandbox('POST /api/sandbox/fresh-user', 'A fresh user', { body: FreshUserRequest, response: FreshUserResponse });
sandbox('GET /api/sandbox/outbox', 'Messages the server sent (mail, SMS)');
sandbox('POST /api/sandbox/withdrawals/settle', 'Settle a withdrawal', { body: SettleWithdrawalRequest });
sandbox('POST /api/sandbox/verification', 'Set a verification state', { body: SandboxVerificationRequest });
sandbox('POST /api/sandbox/platform/fund', 'Fund a platform account', { body: SandboxPlatformFund });
sandbox('POST /api/sandbox/platform/expire', 'Expire platform trades', { body: SandboxPlatformExpire });
sandbox('POST /api/sandbox/signals', 'Publish a signal', { body: SandboxSignalRequest });
sandbox('GET /api/sandbox/promo', 'Promo codes');
sandbox('POST /api/sandbox/promo', 'Create a promo code');
sandbox('POST /api/sandbox/promo/:code/deactivate', 'Deactivate a promo code');
sandbox('GET /api/sandbox/promotions', 'Promotions');
sandbox('POST /api/sandbox/promotions', 'Create a promotion');
sandbox('POST /api/sandbox/promotions/:id/end', 'End a promotion');
sandbox('GET /api/sandbox/review/documents', 'Documents waiting for review');
sandbox('POST /api/sandbox/review/:id', 'Approve or reject a document');
sandbox('GET /api/sandbox/bank/transfers', 'Reported bank transfers');
sandbox('POST /api/sandbox/bank/:id/received', 'Mark a bank transfer received');
sandbox('GET /api/sandbox/desk/tickets', 'Support tickets (agent view)');
sandbox('GET /api/sandbox/desk/tickets/:id', 'One ticket (agent view)');
sandbox('POST /api/sandbox/desk/tickets/:id/reply', 'Agent reply');
sandbox('POST /api/sandbox/desk/tickets/:id/status', 'Set a ticket status');
sandbox('GET /api/sandbox/desk/callbacks', 'Call-back requests');
sandbox('POST /api/sandbox/desk/callbacks/:id/done', 'Mark a call-back done');
sandbox('GET /api/sandbox/desk/contacts', 'Contact form messages');
for (const desk of ['promo', 'review', 'bank', 'desk']) {
  sandbox(`GET /sandbox/${desk}`, `The ${desk} console (HTML)`, { produces: 'text/html' });
  sandbox(`POST /sandbox/${desk}/session`, `The ${desk} console: enter the operator token`, { produces: 'redirect' });
}
sandbox('POST /sandbox/promo', 'Promo console: create a code', { produces: 'redirect' });
sandbox('POST /sandbox/promo/:code/deactivate', 'Promo console: deactivate', { produces: 'redirect' });
sandbox('POST /sandbox/promo/promotions', 'Promo console: create a promotion', { produces: 'redirect' });
sandbox('POST /sandbox/promo/promotions/:id/end', 'Promo console: end a promotion', { produces: 'redirect' });
sandbox('GET /sandbox/review/file/:id', 'Review console: a document file', { produces: 'file' });
sandbox('POST /sandbox/review/:id', 'Review console: decide', { produces: 'redirect' });
sandbox('GET /sandbox/bank/receipt/:id', 'Bank console: a receipt', { produces: 'file' });
sandbox('POST /sandbox/bank/:id', 'Bank console: mark received', { produces: 'redirect' });
sandbox('GET /sandbox/desk/ticket/:id', 'Desk console: a ticket', { produces: 'text/html' });
sandbox('GET /sandbox/desk/file/:ticket/:id', 'Desk console: an attachment', { produces: 'file' });
sandbox('POST /sandbox/desk/ticket/:id/reply', 'Desk console: reply', { produces: 'redirect' });
sandbox('POST /sandbox/desk/ticket/:id/status', 'Desk console: status', { produces: 'redirect' });
sandbox('POST /sandbox/desk/callback/:id/done', 'Desk console: call-back done', { produces: 'redirect' });
sandbox('GET /sandbox/wallets/:provider/:id', 'Wallet provider page', { produces: 'text/html' });
sandbox('POST /sandbox/wallets/:provider/:id/pay', 'Wallet provider page: pay', { produces: 'redirect' });
sandbox('POST /sandbox/wallets/:provider/:id/cancel', 'Wallet provider page: cancel', { produces: 'redirect' });
sandbox('GET /sandbox/idp/interaction/:uid', 'Sandbox identity provider: sign-in page', { produces: 'text/html' });
sandbox('POST /sandbox/idp/interaction/:uid/login', 'Sandbox identity provider: sign in', { produces: 'redirect' });
sandbox('POST /sandbox/idp/interaction/:uid/abort', 'Sandbox identity provider: cancel', { produces: 'redirect' });
for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'QUERY', 'TRACE']) {
  sandbox(`${method} /sandbox/idp/*`, 'Sandbox identity provider (OpenID Connect endpoints: discovery, authorization, token, JWKS)');
}

export const ROUTE_DOCS: Readonly<Record<string, RouteDoc>> = table;

/** Routes that are not part of the API: the documents themselves and Fastify's automatic HEAD twins. */
export const isUndocumented = (method: string, url: string): boolean => method === 'HEAD' || url === '/api/docs' || url.startsWith('/api/docs/');
