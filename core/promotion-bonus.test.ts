import { describe, expect, it } from 'vitest';
import { BONUS_TIERS, depositBonus, NO_PROMOTION } from './amount';

const rules = { tiers: [...BONUS_TIERS], maxBonusPercent: '3.5', maxBonusValue: '200', turnoverMultiplier: '30' };
const usd = (amount: string) => ({ amount, currency: 'USD', fixed: false, demo: false });

/** The promotion's part of the one bonus rule (core/amount.ts depositBonus): its percent, under the max percent and its own maximum. */
describe('depositBonus with an activated promotion', () => {
  it('adds the percent to the tier and the promo code', () => {
    expect(depositBonus(usd('1000'), rules, undefined, { percent: '1', max: '50' })).toMatchObject({ tier: 'silver', percent: '2.5', value: '75.00' });
    expect(depositBonus(usd('1000'), rules, { percent: '1', value: '0' }, { percent: '0.5', max: '50' })).toMatchObject({ percent: '3', value: '80.00' });
  });
  it('keeps the total percent at most the max percent and the promotion share at most its maximum', () => {
    // gold 2 % + 3 % → 3.5 %: the promotion adds 1.5 % of 3000 = 45, at most 20
    expect(depositBonus(usd('3000'), rules, undefined, { percent: '3', max: '20' })).toMatchObject({ tier: 'gold', percent: '3.5', value: '180.00' });
    // and the whole bonus at most maxBonusValue
    expect(depositBonus(usd('10000'), rules, undefined, { percent: '1', max: '500' })).toMatchObject({ value: '200.00' });
  });
  it('adds nothing without a promotion, in fixed mode or on a demo', () => {
    expect(depositBonus(usd('1000'), rules, undefined, NO_PROMOTION)).toEqual(depositBonus(usd('1000'), rules));
    expect(depositBonus({ ...usd('1000'), demo: true }, rules, undefined, { percent: '1', max: '50' })).toBeNull();
    expect(depositBonus({ ...usd('1000'), fixed: true }, rules, undefined, { percent: '1', max: '50' })).toBeNull();
  });
});
