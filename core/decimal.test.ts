import { describe, expect, it } from 'vitest';
import {
  addDecimals,
  compareDecimal,
  decimalsOf,
  displayDigits,
  formatDecimal,
  fromUnits,
  isDecimal,
  normalizeDecimal,
  toUnits,
  trimDecimal,
} from './decimal';

const NBSP = '\u00a0';

describe('core/decimal', () => {
  it('normalizes what a trader types', () => {
    expect(normalizeDecimal('1,5')).toBe('1.5');
    expect(normalizeDecimal(' 250 ')).toBe('250');
    expect(normalizeDecimal('1 000,50')).toBe('1000.50');
    expect(normalizeDecimal(`10${NBSP}000`)).toBe('10000');
    expect(normalizeDecimal('')).toBe('');
  });

  it('validates a plain decimal, with optional limits', () => {
    for (const good of ['0', '250', '1.5', '0.00000001', '007']) expect(isDecimal(good), good).toBe(true);
    for (const bad of ['', ' 1', '1 ', '1e3', '0x10', '1,5', '.5', '5.', '+5', '-5', 'NaN', 'Infinity', '--1']) {
      expect(isDecimal(bad), bad).toBe(false);
    }
    expect(isDecimal('-5', { signed: true })).toBe(true);
    expect(isDecimal('12.34', { decimals: 2 })).toBe(true);
    expect(isDecimal('12.345', { decimals: 2 })).toBe(false);
    expect(isDecimal('123456789012', { whole: 12 })).toBe(true);
    expect(isDecimal('1234567890123', { whole: 12 })).toBe(false);
  });

  it('counts significant decimals', () => {
    expect(decimalsOf('250')).toBe(0);
    expect(decimalsOf('1.50')).toBe(1);
    expect(decimalsOf('0.00000001')).toBe(8);
    expect(decimalsOf('-3.100')).toBe(1);
  });

  it('compares exactly at any number of decimals, negatives included', () => {
    expect(compareDecimal('250', '249.99')).toBe(1);
    expect(compareDecimal('249.99', '250')).toBe(-1);
    expect(compareDecimal('250.00', '250')).toBe(0);
    expect(compareDecimal('0.000000000000000001', '0')).toBe(1);
    expect(compareDecimal('-1.5', '-1.49')).toBe(-1);
    expect(compareDecimal('-0', '0')).toBe(0);
    expect(() => compareDecimal('abc', '1')).toThrow(RangeError);
  });

  it('scales to integer units and back, truncating extra digits toward zero', () => {
    expect(toUnits('12.5', 2)).toBe(1250n);
    expect(toUnits('7', 2)).toBe(700n);
    expect(toUnits('0.00000001', 8)).toBe(1n);
    expect(toUnits('-3.10', 2)).toBe(-310n);
    expect(toUnits('1.239', 2)).toBe(123n);
    expect(toUnits('-1.239', 2)).toBe(-123n);
    expect(toUnits('1.2', 4)).toBe(12000n);
    expect(toUnits('123456789012345678.12', 2)).toBe(12345678901234567812n);
    expect(() => toUnits('1e3', 2)).toThrow(RangeError);
    expect(fromUnits(1250n, 2)).toBe('12.50');
    expect(fromUnits(-5n, 2)).toBe('-0.05');
    expect(fromUnits(0n, 8)).toBe('0.00000000');
    expect(fromUnits(7n, 0)).toBe('7');
    expect(fromUnits(12345678901234567812n, 2)).toBe('123456789012345678.12');
  });

  it('trims to the shortest form', () => {
    expect(trimDecimal('250.00')).toBe('250');
    expect(trimDecimal('12.50')).toBe('12.5');
    expect(trimDecimal('012.50')).toBe('12.5');
    expect(trimDecimal('-0.0')).toBe('0');
    expect(trimDecimal('-3.10')).toBe('-3.1');
  });

  it('adds exactly (totals)', () => {
    expect(addDecimals('0.1', '0.2')).toBe('0.3');
    expect(addDecimals('0.1', '0.2', '-10.00')).toBe('-9.7');
    expect(addDecimals('0.00000001', '1')).toBe('1.00000001');
    expect(addDecimals()).toBe('0');
    expect(addDecimals('99999999999999999.99', '0.01')).toBe('100000000000000000');
  });

  it('knows the display digits of a currency', () => {
    for (const c of ['USD', 'EUR', 'GBP', 'RUB', 'usd']) expect(displayDigits(c)).toBe(2);
    for (const c of ['BTC', 'ETH', 'USDT', 'XYZ']) expect(displayDigits(c)).toBe(5);
  });

  it('formats with grouping and the decimal mark of each language', () => {
    expect(formatDecimal('10000', 'en')).toBe('10,000.00');
    expect(formatDecimal('10000', 'ru')).toBe(`10${NBSP}000,00`);
    expect(formatDecimal('1234567.8', 'en')).toBe('1,234,567.80');
    expect(formatDecimal('1234567.8', 'ru')).toBe(`1${NBSP}234${NBSP}567,80`);
    expect(formatDecimal('999', 'en')).toBe('999.00');
    expect(formatDecimal('0012.5', 'en')).toBe('12.50');
    expect(formatDecimal('1200.99', 'en', { digits: 0 })).toBe('1,200');
    expect(formatDecimal('3', 'ru', { digits: 5 })).toBe('3,00000');
  });

  it('truncates toward zero when it drops digits, never rounds up', () => {
    expect(formatDecimal('0.123456789', 'en', { digits: 5 })).toBe('0.12345');
    expect(formatDecimal('-1.005', 'en')).toBe('\u22121.00');
    expect(formatDecimal('1.005', 'en')).toBe('1.00');
    expect(formatDecimal('999.999', 'en')).toBe('999.99');
    expect(formatDecimal('999.999', 'ru')).toBe('999,99');
    expect(formatDecimal('0.123455', 'en', { digits: 5 })).toBe('0.12345');
    expect(formatDecimal('1200.99', 'en', { digits: 0 })).toBe('1,200');
  });

  it('shows negatives with a minus sign, and a value that truncates to zero without one', () => {
    expect(formatDecimal('-1234.5', 'en')).toBe('\u22121,234.50');
    expect(formatDecimal('-1234.5', 'ru')).toBe(`\u22121${NBSP}234,50`);
    expect(formatDecimal('-10', 'en', { minus: '-' })).toBe('-10.00');
    expect(formatDecimal('-0.001', 'en')).toBe('0.00');
    expect(formatDecimal('-0', 'en')).toBe('0.00');
    expect(formatDecimal('+5', 'en')).toBe('5.00');
  });

  it('keeps every digit when asked (digits is then the least shown)', () => {
    expect(formatDecimal('0.00389106', 'en', { maxDigits: Infinity })).toBe('0.00389106');
    expect(formatDecimal('1.5', 'ru', { digits: 0, maxDigits: Infinity })).toBe('1,5');
    expect(formatDecimal('250', 'en', { digits: 0, maxDigits: Infinity })).toBe('250');
  });

  it('returns what is not a decimal as it is', () => {
    expect(formatDecimal('not a number', 'en')).toBe('not a number');
    expect(formatDecimal('', 'en')).toBe('');
  });
});

describe('edges the mutation run found untested', () => {
  it('reads a decimal with spaces around it for display', () => {
    expect(formatDecimal(' 12.5 ', 'en')).toBe('12.50');
  });

  it('says which value is not a decimal', () => {
    expect(() => toUnits('12,5x', 2)).toThrow(new RangeError('"12,5x" is not a decimal'));
  });

  it('takes a whole number when at most some decimals are allowed', () => {
    expect(isDecimal('12', { decimals: 2 })).toBe(true);
    expect(isDecimal('12.345', { decimals: 2 })).toBe(false);
  });

  it('keeps the minus of a value whose whole and fraction digits are alike', () => {
    expect(formatDecimal('-5.5', 'en', { digits: 1 })).toBe('\u22125.5');
    expect(formatDecimal('-12.12', 'en')).toBe('\u221212.12');
  });
});

describe('a long value in the refusal', () => {
  it('is cut to its first 40 characters', () => {
    expect(() => toUnits('9'.repeat(30) + 'x'.repeat(20), 2)).toThrow(new RangeError(`"${'9'.repeat(30)}${'x'.repeat(10)}" is not a decimal`));
  });
});

