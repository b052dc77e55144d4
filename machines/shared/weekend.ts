/**
 * The weekend window (spec 002 §4): day 5 (Friday) from 21:00 onward, all of day 6 (Saturday),
 * and day 0 (Sunday) before 21:00 — the hours the currency markets are closed. The wall clock is
 * read in `timeZone` (an IANA name from settings), or in the user's own zone when it is ''.
 * A zone the runtime does not know falls back to the user's own zone, never to a wrong answer
 * silently: `zoneOf` says which zone was used.
 */
export const WEEKEND_START_HOUR = 21;
export const WEEKEND_END_HOUR = 21;

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

const zones = new Map<string, string>();
const clocks = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone actually used for `timeZone` ('' or unknown → the runtime's own zone). Each answer is
 * kept: making an Intl.DateTimeFormat is the costly part (the signals and the weekend notice ask on
 * every render and every tick).
 */
export function zoneOf(timeZone: string): string {
  let zone = zones.get(timeZone);
  if (zone === undefined) {
    zone = resolveZone(timeZone);
    zones.set(timeZone, zone);
  }
  return zone;
}

function resolveZone(timeZone: string): string {
  if (timeZone) {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
    } catch {
      // unknown zone: the user's own
    }
  }
  return new Intl.DateTimeFormat('en-US').resolvedOptions().timeZone;
}

/** Day of week (0 = Sunday) and hour (0–23) of `at` on the wall clock of `timeZone`. */
export function wallClock(at: number, timeZone: string): { day: number; hour: number } {
  const zone = zoneOf(timeZone);
  let clock = clocks.get(zone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: 'numeric', hourCycle: 'h23' });
    clocks.set(zone, clock);
  }
  const parts = clock.formatToParts(at);
  const weekday = parts.find((p) => p.type === 'weekday')?.value ?? 'Mon';
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? '0');
  return { day: WEEKDAYS[weekday] ?? 1, hour: hour === 24 ? 0 : hour };
}

/** The rule itself on a day and an hour. */
export function isWeekendHour(day: number, hour: number): boolean {
  return (day === 5 && hour >= WEEKEND_START_HOUR) || day === 6 || (day === 0 && hour < WEEKEND_END_HOUR);
}

/** True when `at` (ms since epoch) falls in the weekend window on the wall clock of `timeZone` ('' = the user's own). */
export function isWeekendWindow(at: number, timeZone = ''): boolean {
  const { day, hour } = wallClock(at, timeZone);
  return isWeekendHour(day, hour);
}
