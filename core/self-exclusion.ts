/**
 * Taking a break and self-exclusion (issue 30 §3): the rules, once. The trader chooses a timeout
 * (24 hours to 6 weeks) or a self-exclusion (6 months to 5 years). From that moment every session
 * ends, sign-in is refused with the end date, deposits are refused by every method and the trading
 * platform refuses new trades; marketing stops (every offer, promotion and contest is shown only to
 * a signed-in trader). A withdrawal already asked for is still paid. Nothing in the product ends it
 * early: a second choice can only make it longer.
 */

export type ExclusionKind = 'timeout' | 'exclusion';

/** Each choice, in the order the page offers them: hours for a timeout, calendar months for an exclusion. */
export const EXCLUSION_CHOICES = {
  '24h': { kind: 'timeout', hours: 24 },
  '7d': { kind: 'timeout', hours: 7 * 24 },
  '30d': { kind: 'timeout', hours: 30 * 24 },
  '6w': { kind: 'timeout', hours: 6 * 7 * 24 },
  '6m': { kind: 'exclusion', months: 6 },
  '1y': { kind: 'exclusion', months: 12 },
  '2y': { kind: 'exclusion', months: 24 },
  '3y': { kind: 'exclusion', months: 36 },
  '5y': { kind: 'exclusion', months: 60 },
} as const satisfies Record<string, { kind: 'timeout'; hours: number } | { kind: 'exclusion'; months: number }>;

export type ExclusionChoice = keyof typeof EXCLUSION_CHOICES;
export const EXCLUSION_CHOICE_NAMES = Object.keys(EXCLUSION_CHOICES) as ExclusionChoice[];
export const isExclusionChoice = (value: string): value is ExclusionChoice => Object.hasOwn(EXCLUSION_CHOICES, value);
export const kindOfChoice = (choice: ExclusionChoice): ExclusionKind => EXCLUSION_CHOICES[choice].kind;

const HOUR_MS = 3_600_000;

/**
 * When a choice made at `now` ends. Months are calendar months in UTC; a day the target month
 * lacks (31 August + 6 months) falls on its last day, so an exclusion is never shorter than asked.
 */
export function exclusionEnd(choice: ExclusionChoice, now: Date): Date {
  const rule = EXCLUSION_CHOICES[choice];
  if (rule.kind === 'timeout') return new Date(now.getTime() + rule.hours * HOUR_MS);
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + rule.months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(now.getUTCDate(), lastDay), now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds(), now.getUTCMilliseconds()));
}

/**
 * The end of a new choice over one already running: never earlier than what runs (it cannot be
 * shortened from the product), and a timeout chosen during an exclusion keeps the exclusion's kind.
 */
export function combined(running: { kind: ExclusionKind; until: Date } | null, choice: ExclusionChoice, now: Date): { kind: ExclusionKind; until: Date } {
  const asked = { kind: kindOfChoice(choice), until: exclusionEnd(choice, now) };
  if (!running || running.until.getTime() <= now.getTime()) return asked;
  const kind: ExclusionKind = running.kind === 'exclusion' || asked.kind === 'exclusion' ? 'exclusion' : 'timeout';
  return { kind, until: asked.until.getTime() > running.until.getTime() ? asked.until : running.until };
}
