/**
 * The risk warning's figure (issue 30 §5): the share of our retail traders' accounts that lost
 * money over the last 12 months, computed from our own ledger (never an invented or copied
 * number). The rules, once: the server's daily job and the page read them from here.
 *
 * An account counts when it had at least one trade result booked in the window (a real trading
 * account: demo, exchange and house accounts never trade results); it lost money when the sum of
 * its trade results in the window is below zero. Bonuses, refunds, deposits and withdrawals are
 * not trading results and do not count.
 */
export const RISK_FIGURE_RULES = {
  /** the window: the last 365 days up to the computation */
  windowDays: 365,
  /** the ledger kind of a trade's booked result (server/domain/trading/booking.ts) */
  tradeKind: 'trade_result',
  /** the account types that are retail trading accounts */
  accountTypes: ['trading'],
  /** recomputed once a UTC day (and at start when today's is missing) */
  everyHours: 24,
} as const;

/** The share in basis points (0-10000), rounded half up; null when no account traded in the window. */
export function lossShareBp(losing: number, accounts: number): number | null {
  if (accounts <= 0) return null;
  return Math.floor((losing * 10_000 * 2 + accounts) / (accounts * 2));
}

/** Basis points as the warning's whole percent (74.5 % → 75), rounded half up. */
export const sharePercent = (bp: number): number => Math.floor((bp + 50) / 100);
