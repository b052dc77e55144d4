import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, withReadableUntil } from './dates';

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

describe('a refusal that says until when', () => {
  it('has its ISO `until` written like every date; anything else is left as it came', () => {
    const until = new Date(2026, 11, 2, 10, 0).toISOString();
    expect(withReadableUntil({ key: 'deposit.excluded', fallback: `Deposits are paused until ${until}.`, params: { until, kind: 'timeout' } })).toEqual({
      key: 'deposit.excluded',
      fallback: `Deposits are paused until ${until}.`,
      params: { until: '02.12.2026 10:00', kind: 'timeout' },
    });
    const written = { key: 'offers.limited.accepted', params: { until: '02.12.2026 10:00' } };
    expect(withReadableUntil(written)).toBe(written);
    expect(withReadableUntil({ key: 'login.locked' })).toEqual({ key: 'login.locked' });
    expect(withReadableUntil(null)).toBeNull();
  });
});
