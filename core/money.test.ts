import { describe, expect, it } from 'vitest';
import { exponentOf, formatMoney, InvalidAmount, parseMoney } from './money';

describe('money', () => {
  it('knows the exponents', () => {
    expect(['USD', 'EUR', 'GBP', 'RUB'].map(exponentOf)).toEqual([2, 2, 2, 2]);
    expect(['BTC', 'LTC', 'BCH', 'DASH', 'ZEC', 'ETH'].map(exponentOf)).toEqual([8, 8, 8, 8, 8, 8]);
    expect(exponentOf('USDT')).toBe(6);
    expect(() => exponentOf('XYZ')).toThrow(InvalidAmount);
  });

  it('parses decimal strings into integer minor units', () => {
    expect(parseMoney('10000.00', 'USD')).toBe(1_000_000n);
    expect(parseMoney('12.5', 'EUR')).toBe(1250n);
    expect(parseMoney('7', 'GBP')).toBe(700n);
    expect(parseMoney('0.00000001', 'BTC')).toBe(1n);
    expect(parseMoney('-3.10', 'USD')).toBe(-310n);
    expect(parseMoney('123456789012345678.12', 'USD')).toBe(12345678901234567812n);
    expect(parseMoney('1.123456', 'USDT')).toBe(1_123_456n);
  });

  it('rejects excess decimals and anything that is not a plain decimal', () => {
    expect(() => parseMoney('1.001', 'USD')).toThrow(/at most 2 decimals/);
    expect(() => parseMoney('0.000000001', 'BTC')).toThrow(InvalidAmount);
    for (const bad of ['', ' 1', '1 ', '1e3', '0x10', '1,5', '.5', '5.', '+5', 'NaN', 'Infinity', '--1']) {
      expect(() => parseMoney(bad, 'USD'), bad).toThrow(InvalidAmount);
    }
  });

  it('formats with the currency’s full decimals', () => {
    expect(formatMoney(1_000_000n, 'USD')).toBe('10000.00');
    expect(formatMoney(5n, 'USD')).toBe('0.05');
    expect(formatMoney(0n, 'EUR')).toBe('0.00');
    expect(formatMoney(-310n, 'USD')).toBe('-3.10');
    expect(formatMoney(150_000n, 'BTC')).toBe('0.00150000');
    expect(formatMoney(1n, 'USDT')).toBe('0.000001');
  });

  it('round-trips', () => {
    for (const [value, currency] of [['0.01', 'USD'], ['99999999.99', 'EUR'], ['21000000.00000000', 'BTC'], ['-0.50', 'GBP']] as const) {
      expect(formatMoney(parseMoney(value, currency), currency)).toBe(value);
    }
  });
});

describe('the refusals say what is wrong (key, message and name)', () => {
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (err) {
      return err as InvalidAmount;
    }
    throw new Error('expected a refusal');
  };

  it('an unknown currency', () => {
    const err = refusal(() => parseMoney('1', 'XYZ'));
    expect(err).toBeInstanceOf(InvalidAmount);
    expect([err.name, err.key, err.message]).toEqual(['InvalidAmount', 'amount.currency', 'Unknown currency XYZ']);
  });

  it('not a decimal, the value quoted and cut at 40 characters', () => {
    expect([refusal(() => parseMoney('1e5', 'USD')).key, refusal(() => parseMoney('1e5', 'USD')).message]).toEqual(['amount.invalid', '"1e5" is not a decimal amount']);
    expect(refusal(() => parseMoney('x'.repeat(50), 'USD')).message).toBe(`"${'x'.repeat(40)}" is not a decimal amount`);
  });

  it('more decimals than the currency has', () => {
    const err = refusal(() => parseMoney('1.001', 'USD'));
    expect([err.key, err.message]).toEqual(['amount.too_precise', 'USD amounts have at most 2 decimals']);
  });
});
