import { describe, expect, it } from 'vitest';
import { amountProblem, BONUS_TIERS, bonusOf, bonusOffered, depositBonus, sliderSteps, tierOf, type Tier } from './amount';

const rules = { tiers: [...BONUS_TIERS], maxBonusPercent: '5', maxBonusValue: '1000', turnoverMultiplier: '30' };

describe('sliderSteps (spec 000 §9): the minimum first, then the steps above it', () => {
  it('below 250: the minimum, 250, 1000, 3000', () => {
    expect(sliderSteps('10')).toEqual(['10', '250', '1000', '3000']);
    expect(sliderSteps('249.99')).toEqual(['249.99', '250', '1000', '3000']);
    expect(sliderSteps('100.50')).toEqual(['100.5', '250', '1000', '3000']);
  });

  it('from 250: the minimum, then 1000, 3000, 10000 above it', () => {
    expect(sliderSteps('250')).toEqual(['250', '1000', '3000', '10000']);
    expect(sliderSteps('1000')).toEqual(['1000', '3000', '10000']);
    expect(sliderSteps('2999')).toEqual(['2999', '3000', '10000']);
    expect(sliderSteps('3000')).toEqual(['3000', '10000']);
    expect(sliderSteps('20000')).toEqual(['20000']);
  });
});

describe('tierOf (spec 001 §4)', () => {
  it('bronze below 1000, silver from 1000, gold from 3000, whatever order the tiers come in', () => {
    const shuffled: Tier[] = [BONUS_TIERS[2]!, BONUS_TIERS[0]!, BONUS_TIERS[1]!];
    for (const tiers of [BONUS_TIERS, shuffled]) {
      expect(tierOf('999.99', tiers)?.name).toBe('bronze');
      expect(tierOf('1000', tiers)?.name).toBe('silver');
      expect(tierOf('2999.99', tiers)?.name).toBe('silver');
      expect(tierOf('3000', tiers)?.name).toBe('gold');
    }
  });

  it('the first tier below the lowest threshold, null for no amount or no tiers', () => {
    const from100: Tier[] = [{ name: 'silver', from: '100', percent: '1', value: '0' }];
    expect(tierOf('5', from100)?.name).toBe('silver');
    expect(tierOf('abc', BONUS_TIERS)).toBeNull();
    expect(tierOf('5', [])).toBeNull();
  });

  it('does not reorder the tiers it was given', () => {
    const tiers: Tier[] = [BONUS_TIERS[2]!, BONUS_TIERS[0]!];
    tierOf('5', tiers);
    expect(tiers.map((t) => t.name)).toEqual(['gold', 'bronze']);
  });
});

describe('bonusOf and depositBonus at their edges', () => {
  it('no bonus for an amount that is not one', () => {
    expect(bonusOf('abc', rules)).toBeNull();
  });

  it('a zero bonus is no bonus', () => {
    const none = { ...rules, tiers: [{ name: 'bronze' as const, from: '0', percent: '0', value: '0' }] };
    expect(depositBonus({ amount: '500', currency: 'USD', fixed: false, demo: false }, none)).toBeNull();
  });

  it('is offered in USD, EUR, GBP and RUB only', () => {
    for (const currency of ['USD', 'EUR', 'GBP', 'RUB']) expect(bonusOffered({ currency, fixed: false, demo: false }), currency).toBe(true);
    for (const currency of ['BTC', 'USDT', '']) expect(bonusOffered({ currency, fixed: false, demo: false }), currency).toBe(false);
  });
});

describe('amountProblem: why an amount cannot be paid', () => {
  it('wrong: not a number, zero, more than 12 whole digits', () => {
    for (const typed of ['abc', '0', '0.00', '1234567890123', '-5', '']) expect(amountProblem(typed, '250', '50000')?.key, typed).toBe('funding.amount.wrong');
  });

  it('too precise: more than two decimals', () => {
    expect(amountProblem('250.001', '250', '50000')?.key).toBe('funding.amount.too_precise');
  });

  it('below the minimum and above the maximum, with the bound in the message; the bounds themselves pass', () => {
    expect(amountProblem('249.99', '250.00', '50000')).toEqual({ key: 'funding.amount.min', params: { min: '250' } });
    expect(amountProblem('50000.01', '250', '50000.00')).toEqual({ key: 'funding.amount.max', params: { max: '50000' } });
    expect(amountProblem('250', '250', '50000')).toBeNull();
    expect(amountProblem('50000', '250', '50000')).toBeNull();
    expect(amountProblem(' 1 000,50 ', '250', '50000')).toBeNull();
  });
});
