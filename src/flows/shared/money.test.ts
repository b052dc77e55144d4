import { describe, expect, it } from 'vitest';
import { formatAmount } from './money';

describe('formatAmount (core/format for the views)', () => {
  it('groups thousands and keeps two decimals for fiat', () => {
    expect(formatAmount('10000', 'USD')).toBe('$10,000.00');
    expect(formatAmount('2500.5', 'EUR')).toBe('€2,500.50');
    expect(formatAmount('12.34', 'RUB', 'ru')).toBe('12,34\u00a0₽');
  });
  it('keeps five decimals for crypto and truncates, never rounds up', () => {
    expect(formatAmount('0.123456789', 'BTC')).toBe('0.12345\u00a0BTC');
  });
  it('uses the Russian separators and symbol place', () => {
    expect(formatAmount('1234567.8', 'USD', 'ru')).toBe('1\u00a0234\u00a0567,80\u00a0$');
  });
  it('shows negatives with the language minus, and a plus when asked', () => {
    expect(formatAmount('-5', 'GBP')).toBe('-£5.00');
    expect(formatAmount('5', 'GBP', 'en', { plus: true })).toBe('+£5.00');
  });
});
