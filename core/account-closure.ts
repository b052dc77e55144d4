/**
 * Closing the account (issue 30 §8): the rules, once. A trader may ask to close their account
 * with a reason; it is refused while anything is left to settle, each thing listed with its next
 * step; when nothing is, the account closes at once: every session ends, sign-in is refused with
 * a message, marketing stops, and the data is kept as the law requires (nothing is deleted).
 */

/** Why the trader leaves, in the order the form offers them. */
export const CLOSURE_REASONS = ['not_using', 'another_broker', 'too_risky', 'control', 'costs', 'service', 'other'] as const;
export type ClosureReason = (typeof CLOSURE_REASONS)[number];
export const isClosureReason = (value: string): value is ClosureReason => (CLOSURE_REASONS as readonly string[]).includes(value);

/**
 * What stops a closure, each with where the trader settles it (a page of the trading area,
 * `#/show/{page}`; empty: the trading page itself, where an open trade is watched).
 */
export const CLOSURE_BLOCKERS = {
  /** money in a real account: withdraw it first */
  balance: { next: 'withdrawal' },
  /** a trade still open on the platform: wait until it closes */
  open_trade: { next: '' },
  /** a withdrawal waiting to be paid: wait for it, or cancel it */
  pending_withdrawal: { next: 'withdrawal' },
  /** a deposit under way (a card payment, an open invoice, a wallet payment, a reported transfer) */
  pending_deposit: { next: 'history' },
} as const satisfies Record<string, { next: string }>;
export type ClosureBlockerKind = keyof typeof CLOSURE_BLOCKERS;
export const CLOSURE_BLOCKER_KINDS = Object.keys(CLOSURE_BLOCKERS) as ClosureBlockerKind[];

export const CLOSURE_RULES = {
  /** the trader's own words, optional, at most this long */
  textMax: 1000,
  /** "other" needs a few words */
  otherMin: 3,
} as const;
