/**
 * Contest prizes by rank (spec 002 §9), the one table the sandbox seed, the server's contests
 * domain and the pages derive from.
 *
 *   weekly:  10,000 / 5,000 / 3,000 / 2,000 cash, an iPad at rank 5, then a 1,000 bonus for ranks
 *            6-8, 500 for 9-13, 300 for 14-23 and 100 for 24-40;
 *   weekend: 5,000 / 3,000 / 2,000 cash, then a 1,000 bonus twice, 500 twice, 250 three times.
 *
 * Paid honestly (server/domain/contests/contests.ts): `cash` goes through the ledger to the
 * winner's trading account; `bonus` through the ledger to the winner's bonus balance (it moves to
 * the trading account with the next settled trade, the rule of docs/engagement.md "The bonus
 * balance"); an `item` (the iPad) is never credited as money: it is recorded on the winner's row
 * and shown as a prize to be handed over.
 */
/** what a prize is: cash to the trading account, a bonus to the bonus balance, an item handed over (the contract's and the winners' prize kinds) */
export const CONTEST_PRIZE_KINDS = ['cash', 'bonus', 'item'] as const;
export type ContestPrizeKind = (typeof CONTEST_PRIZE_KINDS)[number];
/** the non-cash prizes the product knows (each has its words in en and ru: a test checks the contest page's and the notification's) */
export const PRIZE_ITEMS = ['ipad'] as const;
export type PrizeItem = (typeof PRIZE_ITEMS)[number];

export type ContestPrizeSpec =
  | { kind: 'cash' | 'bonus'; /** decimal string in the contest's currency */ amount: string }
  | { kind: 'item'; item: PrizeItem };

const cash = (amount: string): ContestPrizeSpec => ({ kind: 'cash', amount });
const bonus = (amount: string, times: number): ContestPrizeSpec[] => Array.from({ length: times }, () => ({ kind: 'bonus' as const, amount }));

export const CONTEST_PRIZES: { readonly weekly: readonly ContestPrizeSpec[]; readonly weekend: readonly ContestPrizeSpec[] } = {
  weekly: [
    cash('10000.00'),
    cash('5000.00'),
    cash('3000.00'),
    cash('2000.00'),
    { kind: 'item', item: 'ipad' },
    ...bonus('1000.00', 3), // ranks 6-8
    ...bonus('500.00', 5), // ranks 9-13
    ...bonus('300.00', 10), // ranks 14-23
    ...bonus('100.00', 17), // ranks 24-40
  ],
  weekend: [cash('5000.00'), cash('3000.00'), cash('2000.00'), ...bonus('1000.00', 2), ...bonus('500.00', 2), ...bonus('250.00', 3)],
};

export const isPrizeItem = (value: unknown): value is PrizeItem => typeof value === 'string' && (PRIZE_ITEMS as readonly string[]).includes(value);
