/**
 * Dates as traders type them: DD.MM.YYYY (spec 001 §3), read in the browser's local time.
 * Pure helpers for the reports machine and the views.
 */
const DAY_MONTH_YEAR = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/;

/** The start of the local day a DD.MM.YYYY text names, or null when it names no real day. */
export function parseDay(text: string): number | null {
  const m = DAY_MONTH_YEAR.exec(text);
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[2]);
  const year = Number(m[3]);
  if (year < 1970 || year > 2200 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(year, month - 1, day);
  // 31.02.2026 rolls over to March: not a real day
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date.getTime();
}

/** The last millisecond of the local day starting at `dayStart`. */
export function endOfDay(dayStart: number): number {
  const date = new Date(dayStart);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1).getTime() - 1;
}

/** DD.MM.YYYY of the local day of `ms`. */
export function formatDay(ms: number): string {
  const date = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getDate())}.${two(date.getMonth() + 1)}.${date.getFullYear()}`;
}
