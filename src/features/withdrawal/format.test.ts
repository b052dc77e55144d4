import { describe, expect, it } from 'vitest';
import { formatTurnover } from './format';

describe('turnover figures (spec 002 §5)', () => {
  it('no decimals for USD, RUB, EUR and GBP; 5 for coins; cut, not rounded; with the currency (core/format)', () => {
    expect(formatTurnover('1200.99', 'USD')).toBe('$1,200');
    expect(formatTurnover('5000.00', 'EUR', 'ru')).toBe('5\u00a0000\u00a0€');
    expect(formatTurnover('0.12345678', 'BTC')).toBe('0.12345\u00a0BTC');
    expect(formatTurnover('3', 'ETH', 'ru')).toBe('3,00000\u00a0ETH');
  });
});
