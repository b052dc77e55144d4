/**
 * Crypto invoice exceptions (issue 32 §1; docs/funding.md "Crypto invoice exceptions"): what
 * happens to coins that arrive short, late or over, in one table the server applies and the texts
 * of the invoice page and the history derive from.
 *
 * - short: the invoice expired with part of its amount received. Credited at the invoice's fixed
 *   rate for what arrived, or (rule `short: 'hold'`) held for a refund claim.
 * - late: a payment seen after the invoice expired. Credited at the rate of its arrival (the
 *   trader sees both rates), or (rule `late: 'hold'`) held for a refund claim.
 * - over: more than the amount before expiry (or a payment on top of a paid invoice before its
 *   expiry). The trader chooses within `overWindowHours`: credit in full at the invoice's rate or
 *   refund the excess; when the window passes, `overAfterWindow` decides (credit, or keep holding
 *   for a refund claim).
 *
 * Coins that are not credited at once are held in the ledger's suspense account of the coin
 * (docs/funding.md): a credit releases them to the house, a refund sends them back on the chain.
 */

export const CRYPTO_EXCEPTION_KINDS = ['short', 'late', 'over'] as const;
export type CryptoExceptionKind = (typeof CRYPTO_EXCEPTION_KINDS)[number];

/** What a rule does with the coins: credit them, or hold them until the trader claims a refund. */
export type ExceptionPolicy = 'credit' | 'hold';

/** held: coins on hold (the trader may claim a refund); claimed: a refund claim waits for the operator; credited, refunded: done */
export const CRYPTO_EXCEPTION_STATUSES = ['held', 'claimed', 'credited', 'refunded'] as const;
export type CryptoExceptionStatus = (typeof CRYPTO_EXCEPTION_STATUSES)[number];

export interface CryptoExceptionRules {
  short: ExceptionPolicy;
  late: ExceptionPolicy;
  /** how long the trader may choose between credit and refund of an over-payment */
  overWindowHours: number;
  /** what happens to an over-payment nobody chose for when the window passes */
  overAfterWindow: ExceptionPolicy;
}

/** The defaults (CRYPTO_SHORT_POLICY, CRYPTO_LATE_POLICY, CRYPTO_OVER_WINDOW_HOURS, CRYPTO_OVER_AFTER_WINDOW change them). */
export const DEFAULT_EXCEPTION_RULES: CryptoExceptionRules = {
  short: 'credit',
  late: 'credit',
  overWindowHours: 72,
  overAfterWindow: 'credit',
};

/** Per kind: the rate a credit uses ('invoice': the invoice's fixed rate; 'arrival': the rate when the coins arrived). */
export const EXCEPTION_TABLE: Readonly<Record<CryptoExceptionKind, { rate: 'invoice' | 'arrival'; traderChooses: boolean }>> = {
  short: { rate: 'invoice', traderChooses: false },
  late: { rate: 'arrival', traderChooses: false },
  over: { rate: 'invoice', traderChooses: true },
};

export interface ExceptionPlan {
  /** when the server credits it by itself (null: never; it waits for the trader's refund claim) */
  autoCreditAt: Date | null;
  /** until when the trader may choose to have it credited instead (null: no such choice) */
  chooseUntil: Date | null;
}

/** What the rules decide for a new exception seen at `now`. */
export function planException(kind: CryptoExceptionKind, rules: CryptoExceptionRules, now: Date): ExceptionPlan {
  if (kind === 'over') {
    const until = new Date(now.getTime() + rules.overWindowHours * 3600_000);
    return { autoCreditAt: rules.overAfterWindow === 'credit' ? until : null, chooseUntil: until };
  }
  return { autoCreditAt: rules[kind] === 'credit' ? now : null, chooseUntil: null };
}

/** What the trader may do with an exception at `now`. */
export function exceptionActions(e: { status: CryptoExceptionStatus; chooseUntil: Date | null }, now: Date): { mayClaim: boolean; mayCredit: boolean } {
  const held = e.status === 'held';
  return { mayClaim: held, mayCredit: held && e.chooseUntil !== null && now.getTime() < e.chooseUntil.getTime() };
}

export const isExceptionPolicy = (value: string): value is ExceptionPolicy => value === 'credit' || value === 'hold';
