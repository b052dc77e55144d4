import { describe, expect, it } from 'vitest';
import { BONUS_TIERS, bonusOf, bonusOffered, depositBonus } from './amount';

const rules = { tiers: [...BONUS_TIERS], maxBonusPercent: '3.5', maxBonusValue: '200', turnoverMultiplier: '30' };
const deposit = (amount: string, extra: Partial<{ currency: string; fixed: boolean; demo: boolean }> = {}) => ({ amount, currency: 'USD', fixed: false, demo: false, ...extra });

describe('the deposit bonus (spec 001 §9): what the page shows is what the server credits', () => {
  it('tier percent of the amount plus the tier value, rounded down to the cent', () => {
    expect(bonusOf('250', rules)).toEqual({ tier: 'bronze', percent: '1.2', value: '23.00' });
    expect(bonusOf('999.99', rules)).toEqual({ tier: 'bronze', percent: '1.2', value: '31.99' }); // 11.99988 → 11.99
    expect(bonusOf('1000', rules)).toEqual({ tier: 'silver', percent: '1.5', value: '65.00' });
    expect(bonusOf('3000', rules)).toEqual({ tier: 'gold', percent: '2', value: '160.00' });
  });

  it('a promo percent adds to the tier percent under the max percent; a fixed promo value adds under the max value', () => {
    expect(bonusOf('1000', rules, { percent: '1', value: '0' })).toEqual({ tier: 'silver', percent: '2.5', value: '75.00' });
    expect(bonusOf('1000', rules, { percent: '5', value: '0' })).toEqual({ tier: 'silver', percent: '3.5', value: '85.00' });
    expect(bonusOf('1000', rules, { percent: '0', value: '10.00' })).toEqual({ tier: 'silver', percent: '1.5', value: '75.00' });
    expect(bonusOf('10000', rules, { percent: '2', value: '0' })).toEqual({ tier: 'gold', percent: '3.5', value: '200.00' });
  });

  it('depositBonus adds the turnover terms and is null where no bonus is paid', () => {
    expect(depositBonus(deposit('1000'), rules, { percent: '1', value: '0' })).toEqual({ tier: 'silver', percent: '2.5', value: '75.00', turnover: '2250.00', multiplier: '30' });
    expect(depositBonus(deposit('250'), { ...rules, turnoverMultiplier: '12.5' })).toMatchObject({ value: '23.00', turnover: '287.50' });
    expect(depositBonus(deposit('1000', { fixed: true }), rules)).toBeNull();
    expect(depositBonus(deposit('1000', { demo: true }), rules)).toBeNull();
    expect(depositBonus(deposit('1', { currency: 'BTC' }), rules)).toBeNull();
    expect(depositBonus(deposit('abc'), rules)).toBeNull();
    expect(depositBonus(deposit('0'), rules)).toBeNull();
    expect(depositBonus(deposit('10.001'), rules)).toBeNull();
    expect(depositBonus(deposit('1000', { currency: 'EUR' }), rules)).toMatchObject({ value: '65.00' });
  });

  it('bonusOffered: not fixed, not demo, a currency with cents', () => {
    expect(bonusOffered({ currency: 'RUB', fixed: false, demo: false })).toBe(true);
    expect(bonusOffered({ currency: 'ETH', fixed: false, demo: false })).toBe(false);
    expect(bonusOffered({ currency: 'USD', fixed: true, demo: false })).toBe(false);
  });
});
