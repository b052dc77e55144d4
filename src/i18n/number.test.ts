import { describe, expect, it } from 'vitest';
import { formatDecimal, zeroPlaceholder } from './number';

describe('formatDecimal', () => {
  it('groups thousands and uses the decimal sign of the language, at least two fraction digits', () => {
    expect(formatDecimal('10727', 'en')).toBe('10,727.00');
    expect(formatDecimal('10727', 'ru')).toBe('10\u00a0727,00');
    expect(formatDecimal('23.5', 'ru')).toBe('23,50');
    expect(formatDecimal('1.5', 'ru', 0)).toBe('1,5');
    expect(formatDecimal('250', 'en', 0)).toBe('250');
    expect(formatDecimal('0.00389106', 'en')).toBe('0.00389106');
    expect(formatDecimal('-1234.5', 'en')).toBe('−1,234.50');
  });
  it('gives the zero placeholder of each language', () => {
    expect(zeroPlaceholder('en')).toBe('0.00');
    expect(zeroPlaceholder('ru')).toBe('0,00');
  });
});
