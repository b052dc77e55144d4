import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('dates shown to the trader', () => {
  it('are DD.MM.YYYY, with HH:mm (24 h) where a time is shown, from milliseconds or ISO text', () => {
    const ms = new Date(2026, 0, 5, 9, 7, 59).getTime();
    expect(formatDate(ms)).toBe('05.01.2026');
    expect(formatDateTime(ms)).toBe('05.01.2026 09:07');
    expect(formatDateTime(new Date(2026, 10, 24, 23, 59).toISOString())).toBe('24.11.2026 23:59');
    expect(formatDate(new Date(2026, 10, 24).toISOString())).toBe('24.11.2026');
  });

  it('give back a value that names no time as it was', () => {
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatDate(Number.NaN)).toBe('NaN');
  });
});
