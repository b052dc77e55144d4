import { describe, expect, it } from 'vitest';
import { STATEMENT_RULES, statementFileName, statementRangeError } from './statement';

const DAY = 86_400_000;
const start = Date.parse('2024-01-01T00:00:00.000Z');

describe('a statement range', () => {
  it('takes one instant, one day and a whole leap year', () => {
    expect(statementRangeError(start, start)).toBeNull();
    expect(statementRangeError(start, start + DAY - 1)).toBeNull();
    // 1 January to 31 December 2024: 366 days, the last one to its last millisecond
    expect(statementRangeError(start, Date.parse('2024-12-31T23:59:59.999Z'))).toBeNull();
    expect(STATEMENT_RULES.maxDays).toBe(366);
  });

  it('allows the hour a clock change adds to a range of local days, and nothing past it', () => {
    // Berlin, 366 local days: 28 October 2023 00:00 (summer time) to 27 October 2024 23:59:59.999 (winter time)
    expect(statementRangeError(Date.parse('2023-10-27T22:00:00.000Z'), Date.parse('2024-10-27T22:59:59.999Z'))).toBeNull();
    expect(Date.parse('2024-10-27T22:59:59.999Z') - Date.parse('2023-10-27T22:00:00.000Z')).toBe(366 * DAY + 3_600_000 - 1);
    expect(statementRangeError(start, start + 366 * DAY + 3_600_000 - 1)).toBeNull();
    expect(statementRangeError(start, start + 366 * DAY + 3_600_000)).toBe('statement.range_too_long');
  });

  it('refuses a start after the end, and 367 days', () => {
    expect(statementRangeError(start + 1, start)).toBe('statement.range_backwards');
    expect(statementRangeError(start, start + 367 * DAY - 1)).toBe('statement.range_too_long');
  });
});

describe('the file name', () => {
  it('names the first and the last day in the trader’s zone', () => {
    const from = Date.parse('2026-04-30T22:00:00.000Z');
    const to = Date.parse('2026-05-31T21:59:59.999Z');
    expect(statementFileName(from, to, 'csv', 'Europe/Berlin')).toBe('statement-2026-05-01-2026-05-31.csv');
    expect(statementFileName(from, to, 'pdf', 'UTC')).toBe('statement-2026-04-30-2026-05-31.pdf');
  });
});
