import * as z from 'zod/mini';
import { Decimal } from './common';
import { VerificationDocument } from './verification';

/**
 * Deposits that do not go through a card form (spec 001 §5-§9):
 * - bank transfer and fiat: POST /api/report/bank and POST /api/report/fiat create a pending
 *   deposit with a unique payment reference and the bank details; the trader may attach the
 *   transfer receipt; an operator marks it received, which credits it once;
 * - Vload vouchers: POST /api/card/fast/vload redeems a pin (sent in `amount`, as the spec names it);
 * - quick top-up: GET or POST /api/triggers/cards lists the saved cards and can_load; POST
 *   /api/report/quick charges a saved card through the card cascade.
 * Money is a decimal string; the server keeps minor units.
 */

/** An amount a trader types: up to 12 whole digits and 2 decimals. */
export const DepositAmount = z.string().check(z.regex(/^\d{1,12}(\.\d{1,2})?$/, 'deposit.amount'));
/** A client idempotency key: the same key again is the same deposit (a double click creates one). */
export const DepositKey = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'deposit.key'));

// ─── bank transfer and fiat ──────────────────────────────────────────────────────────────────

/** POST /api/report/bank (spec: amount, bonus, fixed, currency, email) and /api/report/fiat (also random); `random` is the idempotency key. */
export const BankReportRequest = z.object({
  amount: DepositAmount,
  bonus: z.boolean(),
  fixed: z.boolean(),
  currency: z.optional(z.string().check(z.maxLength(8))),
  email: z.optional(z.string().check(z.maxLength(200))),
  random: DepositKey,
  promo: z.optional(z.string().check(z.maxLength(64))),
  /** spec field of /api/report/{method}; ignored for bank and fiat */
  bitcoin: z.optional(z.union([z.boolean(), z.string().check(z.maxLength(100))])),
});
export type BankReportRequest = z.infer<typeof BankReportRequest>;

/** Where to send the money (sandbox: a bank that does not exist, and says so). */
export const BankDetails = z.object({
  bankName: z.string(),
  beneficiary: z.string(),
  iban: z.string(),
  bic: z.string(),
  address: z.string(),
  sandbox: z.boolean(),
});
export type BankDetails = z.infer<typeof BankDetails>;

export const BankDepositStatus = z.enum(['pending', 'received']);
export type BankDepositStatus = z.infer<typeof BankDepositStatus>;

/** One reported transfer as its owner sees it. */
export const BankDeposit = z.object({
  id: z.string(),
  method: z.enum(['bank', 'fiat']),
  /** the payment reference to write on the transfer (unique, easy to type: BT-XXXX-XXXX) */
  reference: z.string(),
  amount: Decimal,
  currency: z.string(),
  status: BankDepositStatus,
  /** the attached receipt, if any */
  receipt: z.nullable(z.object({ id: z.string(), mime: z.string(), size: z.number() })),
  createdAt: z.string(),
  receivedAt: z.nullable(z.string()),
  bank: BankDetails,
});
export type BankDeposit = z.infer<typeof BankDeposit>;

export const BankReportResponse = z.object({ return: z.literal(true), deposit: BankDeposit });
export type BankReportResponse = z.infer<typeof BankReportResponse>;

/** GET /api/report/bank/open?method=bank|fiat: the trader's transfers still pending (newest first) */
export const BankOpenResponse = z.object({ deposits: z.array(BankDeposit) });
export type BankOpenResponse = z.infer<typeof BankOpenResponse>;

/** POST /api/report/bank/{id}/receipt (multipart `file`): 'Upload successful', the stored receipt and the deposit */
export const ReceiptResponse = z.object({ message: z.string(), document: VerificationDocument, deposit: BankDeposit });
export type ReceiptResponse = z.infer<typeof ReceiptResponse>;

/** the bank console's JSON twin: POST /api/sandbox/bank/{id}/received */
export const BankReceivedResponse = z.object({ deposit: BankDeposit, credited: z.boolean() });
export type BankReceivedResponse = z.infer<typeof BankReceivedResponse>;

// ─── Vload vouchers ──────────────────────────────────────────────────────────────────────────

/** POST /api/card/fast/vload (spec: amount (a pin), fixed, bonus, test) */
export const VloadRequest = z.object({
  /** the voucher pin (16 digits; spaces and dashes are tolerated) */
  amount: z.string().check(z.maxLength(40)),
  fixed: z.boolean(),
  bonus: z.boolean(),
  test: z.optional(z.union([z.boolean(), z.string().check(z.maxLength(8))])),
  promo: z.optional(z.string().check(z.maxLength(64))),
});
export type VloadRequest = z.infer<typeof VloadRequest>;

/** The voucher was redeemed and credited (once). */
export const VloadResponse = z.object({
  return: z.literal(true),
  status: z.literal('su'),
  amount: Decimal,
  currency: z.string(),
  /** the pin's last four digits */
  voucher: z.string(),
});
export type VloadResponse = z.infer<typeof VloadResponse>;

// ─── quick top-up ────────────────────────────────────────────────────────────────────────────

/** A saved card as listed: never more than its token, brand and last four. */
export const ListedCard = z.object({ token: z.string(), brand: z.string(), last4: z.string() });
export type ListedCard = z.infer<typeof ListedCard>;

/** /api/triggers/cards: the cards and can_load (spec 001 §6: depositsTotal > 0 and fillCard is '1') */
export const SavedCardsResponse = z.object({ cards: z.array(ListedCard), can_load: z.boolean() });
export type SavedCardsResponse = z.infer<typeof SavedCardsResponse>;

/** POST /api/report/quick (spec: amount, fixed, bonus) with the card and the key; `confirm` repeats the amount the trader confirmed. */
export const QuickTopUpRequest = z.object({
  amount: DepositAmount,
  fixed: z.boolean(),
  bonus: z.boolean(),
  card: z.string().check(z.maxLength(64)),
  key: DepositKey,
  confirm: DepositAmount,
  promo: z.optional(z.string().check(z.maxLength(64))),
});
export type QuickTopUpRequest = z.infer<typeof QuickTopUpRequest>;

/** approved: credited once; declined: the cascade ended without a charge; pending: the bank asks for its own page (use the card tab). */
export const QuickTopUpResponse = z.object({
  status: z.enum(['approved', 'declined', 'pending']),
  payment: z.string(),
  amount: Decimal,
  currency: z.string(),
  message: z.optional(z.string()),
});
export type QuickTopUpResponse = z.infer<typeof QuickTopUpResponse>;
