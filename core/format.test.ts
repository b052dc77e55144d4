import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate, formatDateTime, formatLongDate, formatMinor, formatNumber, formatTime } from './format';

const NBSP = '\u00a0';

describe('money, written one way (core/format)', () => {
  it('writes fiat with its symbol where the language puts it', () => {
    expect(formatAmount('1000', 'USD', 'en')).toBe('$1,000.00');
    expect(formatAmount('1000', 'USD', 'ru')).toBe(`1${NBSP}000,00${NBSP}$`);
    expect(formatAmount('2850.5', 'EUR', 'en')).toBe('€2,850.50');
    expect(formatAmount('2850.5', 'EUR', 'ru')).toBe(`2${NBSP}850,50${NBSP}€`);
    expect(formatAmount('12.3', 'GBP', 'en')).toBe('£12.30');
    expect(formatAmount('12.3', 'RUB', 'ru')).toBe(`12,30${NBSP}₽`);
  });

  it('writes negative amounts with the language minus, before the symbol', () => {
    expect(formatAmount('-50', 'USD', 'en')).toBe('-$50.00');
    expect(formatAmount('-50', 'USD', 'ru')).toBe(`-50,00${NBSP}$`);
    // a whole part of zero keeps its sign
    expect(formatAmount('-0.5', 'USD', 'en')).toBe('-$0.50');
    expect(formatAmount('-0.5', 'EUR', 'ru')).toBe(`-0,50${NBSP}€`);
  });

  it('writes zero without a sign, and an amount that truncates to zero as zero', () => {
    expect(formatAmount('0', 'USD', 'en')).toBe('$0.00');
    expect(formatAmount('-0.00', 'USD', 'en')).toBe('$0.00');
    expect(formatAmount('-0.004', 'USD', 'ru')).toBe(`0,00${NBSP}$`);
    expect(formatAmount('0', 'BTC', 'en')).toBe(`0.00000${NBSP}BTC`);
  });

  it('cuts digits beyond the display digits, never rounds up', () => {
    expect(formatAmount('1.999', 'USD', 'en')).toBe('$1.99');
    expect(formatAmount('-1.005', 'USD', 'en')).toBe('-$1.00');
  });

  it('keeps 5 decimals for every coin, with the code after the number', () => {
    expect(formatAmount('0.0015', 'BTC', 'en')).toBe(`0.00150${NBSP}BTC`);
    expect(formatAmount('0.123456789', 'ETH', 'ru')).toBe(`0,12345${NBSP}ETH`);
    expect(formatAmount('1234.5', 'USDT', 'en')).toBe(`1,234.50000${NBSP}USDT`);
    expect(formatAmount('-2', 'LTC', 'ru')).toBe(`-2,00000${NBSP}LTC`);
  });

  it('writes large amounts exactly, beyond 2^53, without a float', () => {
    // 2^53 + 1 = 9007199254740993: a float would write ...992
    expect(formatAmount('9007199254740993.01', 'USD', 'en')).toBe('$9,007,199,254,740,993.01');
    expect(formatAmount('-9007199254740993.99', 'USD', 'ru')).toBe(`-9${NBSP}007${NBSP}199${NBSP}254${NBSP}740${NBSP}993,99${NBSP}$`);
    expect(formatMinor(2n ** 64n + 7n, 2, 'EUR', 'en')).toBe('€184,467,440,737,095,516.23');
    expect(formatMinor(-(10n ** 30n) - 1n, 8, 'BTC', 'en')).toBe(`-10,000,000,000,000,000,000,000.00000${NBSP}BTC`);
  });

  it('writes minor units at their exponent', () => {
    expect(formatMinor(1250n, 2, 'USD', 'en')).toBe('$12.50');
    expect(formatMinor(-5n, 2, 'USD', 'en')).toBe('-$0.05');
    expect(formatMinor(150000n, 8, 'BTC', 'ru')).toBe(`0,00150${NBSP}BTC`);
  });

  it('puts a plus before a positive result when asked, never before zero', () => {
    expect(formatAmount('8.2', 'USD', 'en', { plus: true })).toBe('+$8.20');
    expect(formatAmount('0', 'USD', 'en', { plus: true })).toBe('$0.00');
    expect(formatAmount('-10', 'USD', 'en', { plus: true })).toBe('-$10.00');
    expect(formatNumber('8.2', 'ru', { plus: true })).toBe('+8,20');
  });

  it('writes a number without a currency, and returns what is not a decimal as it is', () => {
    expect(formatNumber('10000', 'en')).toBe('10,000.00');
    expect(formatNumber('10000', 'ru')).toBe(`10${NBSP}000,00`);
    expect(formatNumber('42', 'en', { digits: 0 })).toBe('42');
    expect(formatNumber('1e5', 'en')).toBe('1e5');
    expect(formatAmount('n/a', 'USD', 'en')).toBe('n/a');
  });
});

describe('dates, written one way in a time zone the caller names', () => {
  // 29 Nov 2026 04:37:41 UTC: the moment of the verification page in the issue
  const at = Date.UTC(2026, 10, 29, 4, 37, 41);

  it('does not depend on the machine time zone: the zone is passed in', () => {
    expect(formatDateTime(at, 'UTC')).toBe('29.11.2026 04:37');
    expect(formatDateTime(at, 'Europe/Moscow')).toBe('29.11.2026 07:37');
    expect(formatDateTime(at, 'America/Los_Angeles')).toBe('28.11.2026 20:37');
    expect(formatDate(new Date(at), 'Asia/Tokyo')).toBe('29.11.2026');
    expect(formatDate('2026-01-05T23:30:00Z', 'UTC')).toBe('05.01.2026');
    expect(formatDate('2026-01-05T23:30:00Z', 'Europe/Moscow')).toBe('06.01.2026');
    expect(formatTime(at, 'UTC')).toBe('04:37');
  });

  it('names the month in the trader language', () => {
    expect(formatLongDate(at, 'en', 'UTC')).toBe('29 November 2026');
    expect(formatLongDate(at, 'ru', 'UTC')).toMatch(/^29 ноября 2026/);
  });

  it('gives back a value that names no time as it was', () => {
    expect(formatDateTime('soon', 'UTC')).toBe('soon');
    expect(formatDate(Number.NaN, 'UTC')).toBe('NaN');
  });
});
