import { formatDate } from './format';

/**
 * Statements (issue 30 §9, docs/statements.md): the rules, once. A statement covers a date range
 * the trader picks, at most STATEMENT_MAX_DAYS long, as CSV or PDF; the server refuses any other
 * range with the key below and the History page's download section says the same before asking.
 */

export const STATEMENT_FORMATS = ['csv', 'pdf'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const STATEMENT_RULES = {
  /** the longest range, in days (a leap year's 366) */
  maxDays: 366,
  /** the most movements one statement lists; a busier range is refused (ask for a shorter one) */
  maxRows: 10_000,
} as const;

const DAY = 86_400_000;
/** a range of local days is one hour longer when a daylight-saving change falls inside it */
const CLOCK_CHANGE = 3_600_000;

export type StatementRangeError = 'statement.range_backwards' | 'statement.range_too_long';

/**
 * What is wrong with a range of epoch milliseconds (`from` and `to` both included), or null: the
 * start after the end, or more than STATEMENT_RULES.maxDays days (the first day's start to the
 * last day's end, a clock change allowed for).
 */
export function statementRangeError(from: number, to: number): StatementRangeError | null {
  if (from > to) return 'statement.range_backwards';
  if (to - from >= STATEMENT_RULES.maxDays * DAY + CLOCK_CHANGE) return 'statement.range_too_long';
  return null;
}

/** 2026-05-31 in `timeZone`, from core/format's one date writer */
function isoDay(ms: number, timeZone: string): string {
  const [day, month, year] = formatDate(ms, timeZone).split('.');
  return `${year}-${month}-${day}`;
}

/** The file's name: statement-2026-05-01-2026-05-31.csv (the range's first and last day in `timeZone`). */
export function statementFileName(from: number, to: number, format: StatementFormat, timeZone: string): string {
  return `statement-${isoDay(from, timeZone)}-${isoDay(to, timeZone)}.${format}`;
}
