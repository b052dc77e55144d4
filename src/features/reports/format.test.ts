import { describe, expect, it } from 'vitest';
import { endOfDay, formatDay, parseDay } from '../../../machines/reports/dates';
import { decimalsFor, formatReportAmount, formatSigned, sortRows, totalsByCurrency } from './format';

describe('amounts in history and reports', () => {
  it('uses 2 decimals for USD, RUB, GBP and EUR and 5 otherwise', () => {
    for (const c of ['USD', 'RUB', 'GBP', 'EUR', 'eur']) expect(decimalsFor(c)).toBe(2);
    for (const c of ['BTC', 'ETH', 'USDT', 'XYZ']) expect(decimalsFor(c)).toBe(5);
    expect(formatReportAmount('8.2', 'USD')).toBe('$8.20');
    expect(formatReportAmount('1234567.891', 'EUR')).toBe('€1,234,567.89');
    expect(formatReportAmount('0.000123456', 'BTC')).toBe('0.00012\u00a0BTC');
    expect(formatReportAmount('2', 'ETH')).toBe('2.00000\u00a0ETH');
    expect(formatReportAmount('1234.5', 'RUB', 'ru')).toBe('1\u00a0234,50\u00a0₽');
  });

  it('cuts extra digits toward zero on the decimal string (core/decimal), never through a float', () => {
    expect(formatReportAmount('1.005', 'USD')).toBe('$1.00'); // cut, not rounded up
    expect(formatReportAmount('-1.005', 'USD')).toBe('-$1.00');
    expect(formatReportAmount('-0.001', 'USD')).toBe('$0.00');
    expect(formatReportAmount('0.123455', 'BTC')).toBe('0.12345\u00a0BTC');
    expect(formatReportAmount('99999999999999999.999', 'USD')).toBe('$99,999,999,999,999,999.99');
    expect(formatReportAmount('not a number', 'USD')).toBe('not a number');
    expect(formatSigned('8.2', 'USD')).toBe('+$8.20');
    expect(formatSigned('-10', 'USD')).toBe('-$10.00');
    expect(formatSigned('0', 'USD')).toBe('$0.00');
  });

  it('totals per currency exactly', () => {
    const rows = [
      { amount: '0.1', currency: 'USD' },
      { amount: '0.2', currency: 'USD' },
      { amount: '-10.00', currency: 'USD' },
      { amount: '0.00000001', currency: 'BTC' },
    ];
    const totals = totalsByCurrency(rows);
    expect(totals.map((t) => [t.currency, formatReportAmount(t.total, t.currency)])).toEqual([
      ['USD', '-$9.70'],
      ['BTC', '0.00000\u00a0BTC'],
    ]);
    expect(totals[0].total).toBe('-9.700000000000000000');
  });

  it('sorts decimal columns by value and others by text or number', () => {
    const rows = [
      { id: 'b', profit: '10.00', at: 3 },
      { id: 'a', profit: '9.50', at: 1 },
      { id: 'c', profit: '-20.00', at: 2 },
    ];
    expect(sortRows(rows, 'profit', 'desc', ['profit']).map((r) => r.id)).toEqual(['b', 'a', 'c']);
    expect(sortRows(rows, 'at', 'asc').map((r) => r.id)).toEqual(['a', 'c', 'b']);
    expect(sortRows(rows, 'id', 'desc').map((r) => r.id)).toEqual(['c', 'b', 'a']);
  });
});

describe('DD.MM.YYYY dates', () => {
  it('reads real days only', () => {
    expect(parseDay('21.11.2026')).toBe(new Date(2026, 10, 21).getTime());
    expect(parseDay(' 1.2.2026 ')).toBe(new Date(2026, 1, 1).getTime());
    expect(parseDay('29.02.2028')).toBe(new Date(2028, 1, 29).getTime());
    for (const bad of ['31.02.2026', '29.02.2026', '00.01.2026', '12.13.2026', '2026-11-21', '21/11/2026', '21.11.26', '', '21.11.1900']) {
      expect(parseDay(bad), bad).toBeNull();
    }
  });

  it('formats and ends days in local time', () => {
    const day = new Date(2026, 0, 5, 13, 45).getTime();
    expect(formatDay(day)).toBe('05.01.2026');
    const start = parseDay('05.01.2026')!;
    expect(endOfDay(start)).toBe(new Date(2026, 0, 6).getTime() - 1);
  });
});
