import { describe, expect, it } from 'vitest';
import { normalizeTip } from './tips.machine';

describe('normalizeTip', () => {
  it('gives the exact decimal string that is deducted', () => {
    expect(normalizeTip('50')).toBe('50.00');
    expect(normalizeTip(' 40.5 ')).toBe('40.50');
    expect(normalizeTip('12,05')).toBe('12.05');
    expect(normalizeTip('007')).toBe('7.00');
    expect(normalizeTip('0.01')).toBe('0.01');
  });
  it('refuses what is not an amount above zero', () => {
    for (const bad of ['', '0', '0.00', '-5', '1e3', '12.345', 'abc', '1 000', '1234567']) expect(normalizeTip(bad)).toBe('');
  });
});
