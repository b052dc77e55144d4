import * as z from 'zod/mini';
import { Decimal } from './common';

/** Crypto deposits (spec 000 §7, 001 §7, 002 §7). Amounts are decimal strings. */

/** The URL slugs of /api/{coin}/pay and /api/{coin}/check. */
export const CoinSlug = z.enum(['btc', 'ltc', 'eth', 'bch', 'dash', 'zcash', 'usdt', 'token']);
export type CoinSlug = z.infer<typeof CoinSlug>;

export const InvoiceStatus = z.enum(['wt', 'su', 'ex']);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

const PositiveDecimal = z.string().check(z.regex(/^\d{1,12}(\.\d{1,18})?$/, 'crypto.wrong_amount'));

/** POST /api/{coin}/pay (spec 001 §7): amount, bonus, fixed, currency, is_erc20, token. */
export const CryptoPayRequest = z.object({
  /** fiat in the account currency, or in fixed mode the coin amount */
  amount: PositiveDecimal,
  bonus: z.optional(z.boolean()),
  fixed: z.optional(z.boolean()),
  currency: z.optional(z.string().check(z.maxLength(8))),
  is_erc20: z.optional(z.boolean()),
  /** the ERC-20 token symbol for /api/token/pay */
  token: z.optional(z.string().check(z.maxLength(16))),
});
export type CryptoPayRequest = z.infer<typeof CryptoPayRequest>;

export const CryptoPayResponse = z.object({
  return: z.literal(true),
  guid: z.string(),
  /** the invoice page: /api/{coin}/invoice/{guid} */
  url: z.string(),
});
export type CryptoPayResponse = z.infer<typeof CryptoPayResponse>;

/**
 * A short, late or over payment of an invoice and its outcome (core/crypto-exceptions.ts):
 * held (the trader may claim a refund, or for an over-payment choose the credit until chooseUntil),
 * claimed (a refund waits for the operator), credited, refunded.
 */
export const CryptoException = z.object({
  id: z.string(),
  kind: z.enum(['short', 'late', 'over']),
  status: z.enum(['held', 'claimed', 'credited', 'refunded']),
  /** the coins, in the invoice's coin */
  amount: Decimal,
  asset: z.string(),
  seenAt: z.string(),
  /** the invoice's fixed rate and, for a late payment, the rate of its arrival ('' when unknown) */
  invoiceRate: Decimal,
  arrivalRate: z.string(),
  rateCurrency: z.string(),
  /** credited: the amount and the rate it used ('' until credited) */
  credit: z.string(),
  creditCurrency: z.string(),
  creditRate: z.string(),
  /** when the rules credit it by themselves (null: they wait for a refund claim) */
  autoCreditAt: z.nullable(z.string()),
  /** an over-payment: until when the trader may choose the credit instead of a refund */
  chooseUntil: z.nullable(z.string()),
  mayClaim: z.boolean(),
  mayCredit: z.boolean(),
  refundAddress: z.string(),
  refundTxid: z.string(),
  refundTxUrl: z.string(),
  /** the operator rejected the last refund claim (the coins stay held) */
  rejected: z.boolean(),
});
export type CryptoException = z.infer<typeof CryptoException>;

/** POST /api/crypto/exceptions/{id}: the trader credits an over-payment, or claims a refund to their address. */
export const CryptoExceptionRequest = z.object({
  choice: z.enum(['credit', 'refund']),
  address: z.optional(z.string().check(z.maxLength(200))),
});
export type CryptoExceptionRequest = z.infer<typeof CryptoExceptionRequest>;

/** POST /api/{coin}/check (spec: guid → status, hash). */
export const InvoiceCheckRequest = z.object({ guid: z.string().check(z.maxLength(64)) });
export const InvoiceCheckResponse = z.object({
  status: InvoiceStatus,
  hash: z.string(),
  /** counted toward the invoice so far, in the coin */
  paid: Decimal,
  /** still to pay (0 when paid or expired) */
  due: Decimal,
  /** arrived after expiry or on top of a paid invoice: recorded for review, never lost */
  late: Decimal,
  /** the payment URI of what is still due */
  paymentUri: z.string(),
  /** seen but not confirmed yet ('0' when nothing is), and the confirmations of the least confirmed of it */
  pending: z.optional(Decimal),
  confirming: z.optional(z.number()),
  /** a closed invoice's short, late and over payments */
  exceptions: z.optional(z.array(CryptoException)),
});
export type InvoiceCheckResponse = z.infer<typeof InvoiceCheckResponse>;

/** GET /api/crypto/invoices/{guid}: everything the invoice page shows. */
export const CryptoInvoice = z.object({
  guid: z.string(),
  coin: CoinSlug,
  /** BTC, ETH, USDT, USDC, … */
  asset: z.string(),
  assetName: z.string(),
  chain: z.string(),
  chainName: z.string(),
  /** ERC-20 contract, for tokens */
  contract: z.optional(z.string()),
  address: z.string(),
  amount: Decimal,
  paid: Decimal,
  due: Decimal,
  late: Decimal,
  status: InvoiceStatus,
  hash: z.string(),
  /** price of one coin in rateCurrency at creation (approximate, no markup) */
  rate: Decimal,
  rateCurrency: z.string(),
  /** 'sandbox' rates are simulated */
  rateSource: z.string(),
  /** the fiat value at creation */
  fiatAmount: Decimal,
  creditAmount: Decimal,
  creditCurrency: z.string(),
  fixed: z.boolean(),
  voucher: z.boolean(),
  confirmations: z.number(),
  createdAt: z.string(),
  /** server-held expiry (ISO): the countdown runs to it; a reload does not restart it */
  expiresAt: z.string(),
  /** the server's clock when it answered, so the page can correct its own */
  serverNow: z.string(),
  /** BIP21 (bitcoin-like) or EIP-681 (ETH, tokens) URI of what is still due */
  paymentUri: z.string(),
  explorerUrl: z.string(),
  txUrl: z.string(),
  /** the explorer's transaction page with {hash} in place of the transaction id */
  txUrlTemplate: z.string(),
  /** the chain is the sandbox chain: nothing is real */
  sandbox: z.boolean(),
  /** seen but not confirmed yet, and the confirmations of the least confirmed of it (of `confirmations`) */
  pending: Decimal,
  confirming: z.number(),
  exceptions: z.array(CryptoException),
});
export type CryptoInvoice = z.infer<typeof CryptoInvoice>;

/** One coin or token a tab can take. */
export const CryptoAssetInfo = z.object({
  coin: CoinSlug,
  symbol: z.string(),
  name: z.string(),
  decimals: z.number(),
  /** price of one unit in the trader's account currency (approximate) */
  price: Decimal,
  available: z.boolean(),
});
export type CryptoAssetInfo = z.infer<typeof CryptoAssetInfo>;

/** GET /api/crypto/options: what the crypto tabs need. */
export const CryptoOptions = z.object({
  /** the account currency fiat amounts are in */
  currency: z.string(),
  minDeposit: Decimal,
  assets: z.array(CryptoAssetInfo),
  rateSource: z.string(),
  ratesAt: z.string(),
  /** the default amount of the altcoins tab (spec 001 §9) */
  altcoinDefault: Decimal,
  sandbox: z.boolean(),
});
export type CryptoOptions = z.infer<typeof CryptoOptions>;

/** /api/bitcoin/currency and /api/triggers/exchange: rates keyed by coin. */
export const CryptoRates = z.object({
  /** the currency prices are in */
  base: z.string(),
  /** approximate prices of one unit, no markup */
  rates: z.record(z.string(), Decimal),
  source: z.string(),
  at: z.string(),
  approximate: z.literal(true),
});
export type CryptoRates = z.infer<typeof CryptoRates>;

/** POST /api/sandbox/chain/pay and /expire (sandbox only). */
export const SandboxChainRequest = z.object({
  guid: z.string().check(z.maxLength(64)),
  /** full: what is still due; partial: half of it; over: one and a half times it (an overpayment); late: expire the invoice, then pay in full; unconfirmed: what is due, with no confirmation yet (POST /api/sandbox/chain/block adds one) */
  kind: z.optional(z.enum(['full', 'partial', 'over', 'late', 'unconfirmed'])),
});
export type SandboxChainRequest = z.infer<typeof SandboxChainRequest>;
export const SandboxChainResponse = z.object({ ok: z.literal(true), txid: z.string(), status: InvoiceStatus });
export type SandboxChainResponse = z.infer<typeof SandboxChainResponse>;
