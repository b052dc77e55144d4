/**
 * The reality check (issue 30 §2): the rules, once. Every N minutes of a signed-in session the
 * trader is shown how long they have been in the session and the net result of the trades
 * settled in it, and offered to continue, take a break (sign out) or open their limits. The
 * trader picks N (or turns it off); until they do, their country's default applies.
 */

/** the intervals a trader may pick, in minutes; 0 turns the check off */
export const REALITY_CHECK_CHOICES = [0, 15, 30, 45, 60, 90, 120] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_CHOICES)[number];
export const isRealityCheckMinutes = (value: number): value is RealityCheckMinutes => (REALITY_CHECK_CHOICES as readonly number[]).includes(value);

export const REALITY_CHECK_RULES = {
  /** the default for a trader who has not picked one */
  defaultMinutes: 60,
  /** a country's own default (ISO 3166 alpha-2), where its rules or practice ask for another */
  byCountry: { DK: 30, ES: 60, IT: 60, SE: 60 } satisfies Record<string, RealityCheckMinutes>,
} as const;

/** The interval a trader gets when they have not picked one. */
export function defaultRealityCheck(country: string): RealityCheckMinutes {
  const own = (REALITY_CHECK_RULES.byCountry as Record<string, RealityCheckMinutes>)[country.toUpperCase()];
  return own ?? (REALITY_CHECK_RULES.defaultMinutes as RealityCheckMinutes);
}

/**
 * When the next check is due: the first multiple of the interval after the session's start that
 * is later than `after` (the last check shown, or the start). null when the check is off.
 */
export function nextRealityCheck(sessionStart: number, minutes: number, after: number): number | null {
  if (minutes <= 0) return null;
  const step = minutes * 60_000;
  const passed = Math.max(0, Math.floor((after - sessionStart) / step));
  return sessionStart + (passed + 1) * step;
}
