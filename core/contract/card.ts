import * as z from 'zod/mini';
import { Decimal } from './common';
import { IncentivesOff } from './incentives';
import { PROCESSORS } from '../cascade/processors';

/**
 * Card funding (spec 000 §3-§9, 001 §2-§5, §9): the card form's save, the fraud check,
 * each processor's start and listen (check) call, the Entropay/Zoom extras and the sandbox
 * control. Every processor answers in its own dialect (machines/cascade/processors.ts
 * `ProcessorReply`, tagged by `proc`); machines/cascade/classify.ts reads them.
 *
 * Idempotency: the fraud check creates the payment under the client's `key` (the same key again
 * returns the same payment); a processor start is keyed by (payment id, processor): sending it
 * again returns the attempt already made and never charges twice. The card number and CVV are
 * never stored: only a token, the first six and last four digits.
 */

/** The 11 card processors of the stack (spec 000 §4): the keys of core/cascade/processors.ts `PROCESSOR_TABLE`. */
export const CardProcessor = z.enum(PROCESSORS);
export type CardProcessor = z.infer<typeof CardProcessor>;

export { CARD_START_URL, cardListenUrl, processorSlug } from '../cascade/urls';

/** Money of a card deposit: up to 12 integer digits and 2 decimals. */
export const CardAmount = z.string().check(z.regex(/^\d{1,12}(\.\d{1,2})?$/, 'card.amount'));

/** The server's payment id (uuid). */
export const PaymentId = z.string().check(z.regex(/^[0-9a-f-]{36}$/, 'card.payment'));

// ---------------------------------------------------------------------------------------------
// POST /api/card/save (001 §3): the card form. The number is normalised (spaces and dashes
// removed) by the client; the server checks length, Luhn and type again. The CVV is accepted
// only to be checked for shape and is dropped at once (never stored, never logged).

export const CardSaveRequest = z.object({
  /** card number, digits only (spaces and dashes are tolerated and removed) */
  cnu: z.string().check(z.maxLength(32)),
  /** expiry month "01".."12" and year "2026" */
  emm: z.string().check(z.regex(/^(0?[1-9]|1[0-2])$/, 'card.expiry')),
  eyy: z.string().check(z.regex(/^\d{4}$/, 'card.expiry')),
  /** holder first and last name (the form splits one field on a space or comma) */
  fn: z.string().check(z.maxLength(100)),
  ln: z.string().check(z.maxLength(100)),
  /** billing country (ISO alpha-2) and currency */
  cu: z.string().check(z.regex(/^[A-Za-z]{2}$/, 'card.country')),
  cur: z.optional(z.string().check(z.maxLength(8))),
  /** 'all' (visa, mastercard, maestro) or 'jcb' (the JCB form) */
  card_type: z.optional(z.enum(['all', 'visa', 'mastercard', 'maestro', 'jcb'])),
  cty: z.optional(z.string().check(z.maxLength(8))),
  cvv: z.optional(z.string().check(z.maxLength(4))),
});
export type CardSaveRequest = z.infer<typeof CardSaveRequest>;

export const SavedCard = z.object({
  /** the card's token: what every later call names instead of the number */
  card: z.string(),
  first6: z.string(),
  last4: z.string(),
  /** visa, mastercard, maestro, jcb */
  brand: z.string(),
  /** "01/2027" */
  expiry: z.string(),
  /** the card is a sandbox test card whose outcome is documented in docs/sandbox.md */
  sandbox: z.boolean(),
});
export type SavedCard = z.infer<typeof SavedCard>;

// ---------------------------------------------------------------------------------------------
// GET /api/card/options: what the funding page needs (machines/funding FundingOptions).

export const FundingTier = z.object({
  name: z.enum(['bronze', 'silver', 'gold']),
  from: Decimal,
  percent: Decimal,
  value: Decimal,
});
export const FundingOptionsResponse = z.object({
  currency: z.string(),
  minDeposit: Decimal,
  maxDeposit: Decimal,
  /** US and CA: the fixed card amount; null otherwise */
  fixedAmount: z.nullable(Decimal),
  tiers: z.array(FundingTier),
  maxBonusPercent: Decimal,
  maxBonusValue: Decimal,
  /** a credited bonus asks this many times its value in trading turnover before it can be withdrawn (settings.bonusTurnover) */
  bonusTurnover: Decimal,
  /** what the trader's activated promotion adds to the bonus (the same as /api/us/promotions_max); absent: none */
  promotion: z.optional(z.object({ percent: Decimal, max: Decimal })),
  /** the trader is offered no bonus now, and why (core/contract/incentives.ts): no bonus choice, promo code or promotion on the page; absent: they are */
  incentivesOff: z.optional(IncentivesOff),
  /** the visitor's country for the card form (geo, else FR) */
  geo: z.string(),
  /** card payments started today (UTC) and the daily limit the server enforces (DAILY_CARD_LIMIT, server/domain/payments/fraud-check.ts) */
  cardsToday: z.number(),
  dailyLimit: z.number(),
  /** the processors are sandboxes: the page says so */
  sandbox: z.boolean(),
});
export type FundingOptionsResponse = z.infer<typeof FundingOptionsResponse>;

// ---------------------------------------------------------------------------------------------
// POST /api/fraud/card (000 §7): first call of a deposit. Creates the payment under `key`.

export const FraudCheckRequest = z.object({
  /** idempotency key chosen when the trader pressed Deposit (8-64 of [A-Za-z0-9_-]) */
  key: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'card.key')),
  amount: CardAmount,
  fixed: z.boolean(),
  bonus: z.boolean(),
  /** the saved card's token (POST /api/card/save) */
  card: z.string().check(z.maxLength(64)),
  currency: z.optional(z.string().check(z.maxLength(8))),
  promo: z.optional(z.string().check(z.maxLength(64))),
});
export type FraudCheckRequest = z.infer<typeof FraudCheckRequest>;

/** A flag set: the deposit stops (day_limit shows the 'Why Bitcoin?' confirmation). No flag: `payment` is the id. */
export const FraudCheckResponse = z.object({
  fail_limit: z.optional(z.boolean()),
  day_limit: z.optional(z.boolean()),
  bad_card: z.optional(z.boolean()),
  reason: z.optional(z.boolean()),
  message: z.optional(z.string()),
  payment: z.optional(z.string()),
});
export type FraudCheckResponse = z.infer<typeof FraudCheckResponse>;

// ---------------------------------------------------------------------------------------------
// Processor replies (machines/cascade/processors.ts ProcessorReply), one schema per dialect.

const Status3 = z.optional(z.enum(['approved', 'declined', 'pending']));
export const PfsReply = z.object({ proc: z.literal('PFS'), code: z.string(), uid: z.optional(z.string()), redirect: z.optional(z.string()), message: z.optional(z.string()) });
export const OrangeReply = z.object({
  proc: z.literal('ORANGE'),
  status: z.enum(['successful', 'failed', 'pending']),
  message: z.optional(z.string()),
  transaction_id: z.optional(z.string()),
});
export const ConceptReply = z.object({
  proc: z.literal('CONCEPT'),
  status: z.string(),
  txid: z.optional(z.string()),
  redirect: z.optional(z.object({ url: z.string() })),
  error: z.optional(z.object({ msg: z.string(), code: z.string() })),
});
export const SkrillReply = z.object({ proc: z.literal('SKRILL'), status: z.number(), transaction_id: z.optional(z.string()) });
export const EzpayReply = z.object({ proc: z.literal('EZPAY'), status: z.string(), redirect: z.optional(z.string()), code: z.optional(z.string()), message: z.optional(z.string()) });
export const MeikoReply = z.object({
  proc: z.literal('MEIKO'),
  return: z.boolean(),
  status: z.optional(z.number()),
  bank: z.optional(z.string()),
  code: z.optional(z.string()),
  transaction_id: z.optional(z.string()),
});
export const ZoomReply = z.object({
  proc: z.literal('ZOOM'),
  result: z.number(),
  hostCode: z.optional(z.string()),
  error: z.optional(z.string()),
  transaction_id: z.optional(z.string()),
});
export const EntropayReply = z.object({ proc: z.literal('ENTROPAY'), return: z.union([z.boolean(), z.string()]), status: Status3, code: z.optional(z.string()) });
export const ShapeReply = z.object({ proc: z.literal('SHAPE'), return: z.boolean(), guid: z.optional(z.string()), status: Status3, code: z.optional(z.string()) });
export const VloadReply = z.object({ proc: z.literal('VLOAD'), return: z.boolean(), redirect: z.optional(z.string()), status: Status3, code: z.optional(z.string()) });
export const FraudReply = z.object({
  proc: z.literal('FRAUD'),
  fail_limit: z.optional(z.boolean()),
  day_limit: z.optional(z.boolean()),
  bad_card: z.optional(z.boolean()),
  reason: z.optional(z.boolean()),
  message: z.optional(z.string()),
});

/** Any processor's reply, tagged by `proc` (Orange not-3D answers in Orange's dialect). */
export const ProcessorReplySchema = z.discriminatedUnion('proc', [
  PfsReply,
  OrangeReply,
  ConceptReply,
  SkrillReply,
  EzpayReply,
  MeikoReply,
  ZoomReply,
  EntropayReply,
  ShapeReply,
  VloadReply,
  FraudReply,
]);
export type ProcessorReplyWire = z.infer<typeof ProcessorReplySchema>;

// ---------------------------------------------------------------------------------------------
// Starts. Every start body names the payment (from the fraud check) and repeats what the spec
// lists (amount, fixed, bonus); the server uses its own record of the payment for the amount.

export const CardStartRequest = z.object({
  /** the payment id the fraud check returned */
  id: PaymentId,
  amount: CardAmount,
  fixed: z.boolean(),
  bonus: z.boolean(),
  /** Zoom only: the session token from POST /api/zoom (optional: without it the server opens one) */
  token: z.optional(z.string().check(z.maxLength(128))),
});
export type CardStartRequest = z.infer<typeof CardStartRequest>;


// ---------------------------------------------------------------------------------------------
// Listen (check): POST /api/card/listen/{slug} for every processor (and /api/payconcept/listen
// for Concept, the spec's own address). Body: transaction_id (the processor's uid; '' when not
// known) and id (the payment id). found false: this processor was never started for this
// payment (a reload cut the start off): the cascade sends the start again with the same key.

export const CardListenRequest = z.object({
  id: PaymentId,
  transaction_id: z.optional(z.string().check(z.maxLength(128))),
  /** PFS names its transaction uid */
  uid: z.optional(z.string().check(z.maxLength(128))),
});
export type CardListenRequest = z.infer<typeof CardListenRequest>;

export const CardListenResponse = z.union([
  z.object({ found: z.literal(false) }),
  z.object({ found: z.literal(true), reply: ProcessorReplySchema }),
]);
export type CardListenResponse = z.infer<typeof CardListenResponse>;

/**
 * POST /api/unionpay/listen (spec 001 §7): transaction_id. This product has no UnionPay
 * processor (none of the 11 in the cascade, no tab), so no payment of ours is ever a UnionPay
 * one: the answer is always "not found" — never a success.
 */
export const UnionPayListenRequest = z.object({
  transaction_id: z.string().check(z.maxLength(128)),
  id: z.optional(z.string().check(z.maxLength(64))),
});
export type UnionPayListenRequest = z.infer<typeof UnionPayListenRequest>;


// ---------------------------------------------------------------------------------------------
// Entropay dialogs and Zoom session.

/** POST /api/entro/reject: the trader said no in the start or CVV dialog. */
export const EntroRejectRequest = z.object({ id: PaymentId });
/** POST /api/entro/cvv: the CVV dialog (at least 3 digits); answers ENTROPAY with status. The CVV is never stored. */
export const EntroCvvRequest = z.object({ id: PaymentId, cvv: z.string().check(z.regex(/^\d{3,4}$/, 'entropay.fill_cvv')) });
/** GET /api/entro/redirect?amount=&payment=: Entropay's page (a sandbox page here), which returns to the listen hash. */

/** POST /api/zoom (spec: action session, amount): opens a Zoom payment session for the payment. */
export const ZoomSessionRequest = z.object({ action: z.literal('session'), amount: CardAmount, id: PaymentId });
export const ZoomSessionResponse = z.object({
  session: z.string(),
  amount: Decimal,
  /** masked card: first six and last four */
  cnu: z.string(),
  exp: z.string(),
  /** the token POST /api/card/fast/zoom takes */
  token: z.string(),
});
export type ZoomSessionResponse = z.infer<typeof ZoomSessionResponse>;

// ---------------------------------------------------------------------------------------------
// Payment record (GET /api/card/payments/{id}): what the funding page can show after a return.

export const PaymentStatus = z.enum(['created', 'processing', 'approved', 'failed', 'stopped']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const CardPaymentView = z.object({
  id: z.string(),
  status: PaymentStatus,
  amount: Decimal,
  currency: z.string(),
  /** credited to the balance once approved (the deposit amount; bonuses are not credited by this call) */
  credited: Decimal,
  card: z.object({ first6: z.string(), last4: z.string(), brand: z.string() }),
  attempts: z.array(z.object({ processor: z.string(), status: z.enum(['pending', 'approved', 'declined', 'redirect', 'voided']), code: z.string() })),
  createdAt: z.string(),
});
export type CardPaymentView = z.infer<typeof CardPaymentView>;

// ---------------------------------------------------------------------------------------------
// Sandbox control (sandbox mode only): script the outcome of the current user's next payment.

export const SandboxScenario = z.enum([
  'approved',
  'pending',
  'soft_once',
  'soft_twice',
  'soft_all',
  'hard',
  'secure3d',
  'do_not_honor',
  'insufficient',
  'timeout',
  'token_error',
  'entropay_cvv',
  'fail_limit',
  'bad_card',
  'reason',
]);
export type SandboxScenario = z.infer<typeof SandboxScenario>;

/** POST /api/sandbox/card/next: the next payment of this user follows `scenario` whatever card it uses (once). */
export const SandboxCardNextRequest = z.object({ scenario: SandboxScenario });
export const SandboxCardNextResponse = z.object({ ok: z.literal(true), scenario: SandboxScenario });
export type SandboxCardNextResponse = z.infer<typeof SandboxCardNextResponse>;

/** POST /api/sandbox/card/complete: finish a redirect attempt (3-D Secure, hosted page) as the sandbox page's buttons do. */
export const SandboxCardCompleteRequest = z.object({ id: PaymentId, processor: CardProcessor, approve: z.boolean() });
export const SandboxCardCompleteResponse = z.object({ ok: z.literal(true), status: z.enum(['approved', 'declined', 'pending']), returnUrl: z.string() });
export type SandboxCardCompleteResponse = z.infer<typeof SandboxCardCompleteResponse>;

// ---------------------------------------------------------------------------------------------
// POST /api/promo and /api/triggers/promo: what a promo code adds to the bonus (001 §3 Promo),
// checked against the promo codes table for this trader and the current account's currency.
// A refusal is a 4xx with its key: promo.invalid, promo.unknown, promo.inactive, promo.not_yet,
// promo.expired, promo.used_up, promo.already_used, promo.currency.
export const PromoRequest = z.object({ code: z.string().check(z.maxLength(64)) });
export const PromoResponse = z.object({
  /** the percent added to the tier's ('0' for a fixed-value code) */
  percent: Decimal,
  /** a fixed value added to the bonus, in the deposit's currency ('0' for a percent code) */
  value: z.optional(Decimal),
  /** the code as stored (upper case) */
  code: z.optional(z.string()),
});
export type PromoResponse = z.infer<typeof PromoResponse>;
