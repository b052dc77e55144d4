/**
 * The withdrawal rules in one place (spec 002 §2-§5): the payout methods and the cases a check
 * answers. The contract's `WithdrawalMethod` and `WithdrawalCase`, the machine's tabs, the
 * server's destination checks and the texts' tests all derive from these two records.
 */

/** A coin method pays out in its coin and is a tab of its own (`tab` is the spec's number). */
interface CoinPayout {
  coin: string;
  tab: number;
  /** the payout form's second field: Ripple's destination tag, Monero's payment id */
  alt?: 'ripple' | 'monero';
}

/** A fiat method pays out USD or EUR and is a choice on the EUR and USD tabs (`menu`: its place there, 1 first). */
interface FiatPayout {
  coin: null;
  menu: number;
  /** needs a destination (IBAN, wallet email); card, OK Pay and Perfect Money pay out to the account on file */
  wallet: boolean;
}

/**
 * The payout methods, in the contract's order. The wire names are the spec's (`Bitcoin_Cash`,
 * `Credit Card`). A coin method always needs a destination address.
 */
export const WITHDRAWAL_METHODS = {
  Bitcoin: { coin: 'BTC', tab: 1 },
  Litecoin: { coin: 'LTC', tab: 2 },
  Ethereum: { coin: 'ETH', tab: 3 },
  Dash: { coin: 'DASH', tab: 4 },
  Bitcoin_Cash: { coin: 'BCH', tab: 5 },
  Ripple: { coin: 'XRP', tab: 6, alt: 'ripple' },
  Zcash: { coin: 'ZEC', tab: 7 },
  Monero: { coin: 'XMR', tab: 8, alt: 'monero' },
  'Credit Card': { coin: null, menu: 2, wallet: false },
  'Bank Wire': { coin: null, menu: 1, wallet: true },
  'Ok Pay': { coin: null, menu: 5, wallet: false },
  'Perfect Money': { coin: null, menu: 6, wallet: false },
  Skrill: { coin: null, menu: 3, wallet: true },
  Neteller: { coin: null, menu: 4, wallet: true },
} as const satisfies Record<string, CoinPayout | FiatPayout>;

export type WithdrawalMethodName = keyof typeof WITHDRAWAL_METHODS;
type Entry = [WithdrawalMethodName, CoinPayout | FiatPayout];
const entries = Object.entries(WITHDRAWAL_METHODS) as Entry[];

export const WITHDRAWAL_METHOD_NAMES = Object.keys(WITHDRAWAL_METHODS) as [WithdrawalMethodName, ...WithdrawalMethodName[]];

/** the methods that pay out in a coin, and the fiat ones */
export type CoinMethod = { [M in WithdrawalMethodName]: (typeof WITHDRAWAL_METHODS)[M]['coin'] extends null ? never : M }[WithdrawalMethodName];
export type FiatMethod = Exclude<WithdrawalMethodName, CoinMethod>;

/** the coin a method pays out, or undefined for a fiat method */
export const payoutCoin = (method: string): string | undefined => {
  const rule: CoinPayout | FiatPayout | undefined = (WITHDRAWAL_METHODS as Record<string, CoinPayout | FiatPayout>)[method];
  return rule?.coin ?? undefined;
};

/** coin methods by tab number */
export const COIN_METHODS = entries
  .filter((e): e is [CoinMethod, CoinPayout] => e[1].coin !== null)
  .sort((a, b) => a[1].tab - b[1].tab)
  .map(([method, rule]) => ({ method, ...rule }));

/** fiat methods in the order the EUR and USD tabs list them (the first is the default) */
export const FIAT_METHODS = entries
  .filter((e): e is [FiatMethod, FiatPayout] => e[1].coin === null)
  .sort((a, b) => a[1].menu - b[1].menu)
  .map(([method]) => method);

/** the currencies a fiat method pays out (the EUR and USD tabs) */
export const FIAT_PAYOUT_CURRENCIES = ['EUR', 'USD'] as const;

/** methods that pay out without a destination (spec 002 §5), in the contract's order */
export const NO_WALLET_METHODS: readonly FiatMethod[] = entries
  .filter((e): e is [FiatMethod, FiatPayout] => e[1].coin === null && !e[1].wallet)
  .map(([method]) => method);

export const needsWallet = (method: string): boolean => !(NO_WALLET_METHODS as readonly string[]).includes(method);

/**
 * What a check of a withdrawal answers (spec 002 §4) and what follows it: `ask` the trader to
 * confirm (a dialog with its title and body), go straight to the `final` request, or send the
 * trader to `verify` the account first. Confirming case two cancels the bonus.
 */
export const WITHDRAWAL_CASES = {
  /** the first payout by this method: check the destination */
  one: { then: 'ask' },
  /** the bonus turnover is not reached: withdrawing cancels the bonus */
  two: { then: 'ask' },
  /** a large amount: reviewed by hand */
  three: { then: 'ask' },
  /** a coin paid out at the processor's rate */
  four: { then: 'ask' },
  /** nothing to confirm */
  five: { then: 'final' },
  /** another withdrawal is pending */
  six: { then: 'ask' },
  /** the account is not verified */
  verify: { then: 'verify' },
} as const satisfies Record<string, { then: 'ask' | 'final' | 'verify' }>;

export type WithdrawalCaseName = keyof typeof WITHDRAWAL_CASES;
export const WITHDRAWAL_CASE_NAMES = Object.keys(WITHDRAWAL_CASES) as [WithdrawalCaseName, ...WithdrawalCaseName[]];
/** the cases the trader confirms in a dialog */
export type AskedCase = { [C in WithdrawalCaseName]: (typeof WITHDRAWAL_CASES)[C]['then'] extends 'ask' ? C : never }[WithdrawalCaseName];
export const ASKED_CASES = WITHDRAWAL_CASE_NAMES.filter((c): c is AskedCase => WITHDRAWAL_CASES[c].then === 'ask');
export const isAskedCase = (c: WithdrawalCaseName): c is AskedCase => WITHDRAWAL_CASES[c].then === 'ask';

/** What the server knows when it checks a withdrawal (spec 002 §4), as plain facts. */
export interface WithdrawalFacts {
  /** the account's verification is Full */
  verified: boolean;
  /** the bonus turnover still to reach, in minor units (0 when none is owed) */
  turnoverShortMinor: bigint;
  /** another withdrawal of the trader is pending */
  pending: boolean;
  /** the amount is at or above the review line of its currency (0 = no line) */
  aboveReview: boolean;
  /** the trader has paid out by this method before */
  methodUsed: boolean;
  /** a coin method whose amount is not fixed (paid at the processor's rate) */
  coinAtRate: boolean;
}

/**
 * The case a check answers: the first row whose condition holds, top to bottom (spec 002 §4; the
 * order is the rule). The server's check reads this table, and the explorer shows it as the
 * withdrawal's decision table, so the order is written once.
 */
export const WITHDRAWAL_CASE_RULES: ReadonlyArray<{ case: WithdrawalCaseName; when: string; test: (f: WithdrawalFacts) => boolean }> = [
  { case: 'verify', when: 'the account is not fully verified', test: (f) => !f.verified },
  { case: 'two', when: 'the bonus turnover is not reached', test: (f) => f.turnoverShortMinor > 0n },
  { case: 'six', when: 'another withdrawal is pending', test: (f) => f.pending },
  { case: 'three', when: 'the amount is at or above the review line', test: (f) => f.aboveReview },
  { case: 'one', when: 'the first payout by this method', test: (f) => !f.methodUsed },
  { case: 'four', when: 'a coin at the processor’s rate (amount not fixed)', test: (f) => f.coinAtRate },
  { case: 'five', when: 'otherwise: nothing to confirm', test: () => true },
];

/** The case of a withdrawal check: the first rule of WITHDRAWAL_CASE_RULES that holds (the last always does). */
export function withdrawalCase(facts: WithdrawalFacts): WithdrawalCaseName {
  const rule = WITHDRAWAL_CASE_RULES.find((r) => r.test(facts));
  if (!rule) throw new Error('WITHDRAWAL_CASE_RULES must end with a row that always holds');
  return rule.case;
}
