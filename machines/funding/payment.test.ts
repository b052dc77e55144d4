import { describe, expect, it } from 'vitest';
import { bonusApplies, depositAmount, depositAmountError, isAmountLocked, pageBonus, pagePayment, paymentAsk, promoAccepted } from './payment';
import { FUNDING_METHODS } from '../../core/methods';
import { AMOUNT_LINE_TABS, hasAmountLine, isCardTab, isTab, TABS, visibleTabs } from './tabs';
import type { FundingContext, FundingOptions } from './funding.types';

/** The funding page's payment rules, case by case (mutation score, the views use pageBonus and pagePayment, the paths do not). */
const options: FundingOptions = {
  currency: 'USD',
  minDeposit: '250',
  maxDeposit: '50000',
  fixedAmount: null,
  tiers: [
    { name: 'bronze', from: '250', percent: '1.2', value: '20' },
    { name: 'silver', from: '1000', percent: '1.5', value: '50' },
  ],
  maxBonusPercent: '3.5',
  maxBonusValue: '200',
  bonusTurnover: '30',
  geo: 'MT',
  cardsToday: 0,
  dailyLimit: 3,
};
const page = (over: Partial<FundingContext> = {}): FundingContext =>
  ({
    add: '', ng: '', demo: false, risk: false, mobile: false, exchange: false, tabs: ['card'], userId: 'u-1',
    stack: { settings: [], user: '', country: 'MT', affsId: '', noVload: [] },
    tab: 'card', options, amount: '1 000', bonus: true, fixed: false, promo: ' GOLD ', promoPercent: '0.5', promoValue: '0', promoError: null,
    alert: null, scrollToAmount: false, error: null, card: { resume: null, now: 0, year: 2026, month: 11, keySeed: 'seed' }, cardTab: 'card', presses: 2,
    ...over,
  }) as FundingContext;

describe('funding payment rules', () => {
  it('the fixed amount only on a card tab, and only when the options name one', () => {
    const fixed = { ...options, fixedAmount: '300' };
    expect(isAmountLocked({ options: fixed, tab: 'card' })).toBe(true);
    expect(isAmountLocked({ options: fixed, tab: 'jcb' })).toBe(true);
    expect(isAmountLocked({ options: fixed, tab: 'neteller' })).toBe(false);
    expect(isAmountLocked({ options, tab: 'card' })).toBe(false);
    expect(isAmountLocked({ options: null, tab: 'card' })).toBe(false);
    expect(depositAmount(page({ options: fixed }))).toBe('300');
    expect(depositAmount(page({ options: fixed, tab: 'neteller' }))).toBe('1000');
    expect(depositAmount(page({ options: null }))).toBe('');
    expect(depositAmountError(page({ options: fixed, amount: '1' }))).toBeNull();
    expect(depositAmountError(page({ options: null, amount: '1' }))).toBeNull();
    expect(depositAmountError(page({ amount: '1' }))?.key).toBe('funding.amount.min');
    expect(depositAmountError(page())).toBeNull();
  });

  it('the bonus goes with a payment only when opted in and not fixed; a promo code only when the server accepted it', () => {
    expect(bonusApplies({ bonus: true, fixed: false })).toBe(true);
    expect(bonusApplies({ bonus: false, fixed: false })).toBe(false);
    expect(bonusApplies({ bonus: true, fixed: true })).toBe(false);
    expect(promoAccepted({ promoPercent: '0', promoValue: '0' })).toBe(false);
    expect(promoAccepted({ promoPercent: '0.5', promoValue: '0' })).toBe(true);
    expect(promoAccepted({ promoPercent: '0', promoValue: '10' })).toBe(true);
  });

  it('a press of Deposit: its key, the amount, the currency, the bonus, the accepted code trimmed, the verdict', () => {
    expect(paymentAsk(page())).toEqual({ key: 'seed-2', amount: '1000', currency: 'USD', fixed: false, bonus: true, promo: 'GOLD', amountError: null });
    expect(paymentAsk(page({ card: null, options: null, promoPercent: '0', bonus: false, presses: 0 }))).toEqual({ key: '-0', amount: '', currency: '', fixed: false, bonus: false, promo: '', amountError: null });
    expect(paymentAsk(page({ amount: '100000' })).amountError?.key).toBe('funding.amount.max');
  });

  it('a method tab pays the amount line: the code only with the bonus', () => {
    expect(pagePayment(page({ tab: 'neteller' }))).toEqual({ amount: '1000', bonus: true, promo: 'GOLD' });
    expect(pagePayment(page({ tab: 'neteller', bonus: false }))).toEqual({ amount: '1000', bonus: false, promo: '' });
    expect(pagePayment(page({ tab: 'neteller', promoPercent: '0' }))).toEqual({ amount: '1000', bonus: true, promo: '' });
  });

  it('the bonus shown is the one the server credits: tier, promo and promotion; none for a bad amount, fixed mode or without options', () => {
    // 1000 × (1.5 + 0.5)% = 20, + 50 of the silver tier = 70; turnover 30 × 70
    expect(pageBonus(page())).toEqual({ tier: 'silver', percent: '2', value: '70.00', turnover: '2100.00', multiplier: '30' });
    // a promotion of 1% (at most 5) on top: 2% → 3%, 1000 × 1% = 10, capped at 5
    expect(pageBonus(page({ options: { ...options, promotion: { percent: '1', max: '5' } } }))).toMatchObject({ percent: '3', value: '75.00' });
    expect(pageBonus(page({ amount: '1' }))).toBeNull();
    expect(pageBonus(page({ fixed: true }))).toBeNull();
    expect(pageBonus(page({ options: null }))).toBeNull();
  });
});

describe('funding tabs', () => {
  it('knows its tabs, the card tabs and the tabs with an amount line', () => {
    expect(isTab('card')).toBe(true);
    expect(isTab('nope')).toBe(false);
    expect(isCardTab('card') && isCardTab('jcb')).toBe(true);
    expect(isCardTab('bitcoin')).toBe(false);
    // the card tabs, the wallets, bank and fiat; not the coins, not Vload
    for (const tab of ['card', 'jcb', 'neteller', 'skrill', 'perfect', 'webmoney', 'yandex', 'qiwi', 'okpay', 'bank', 'fiat']) expect(AMOUNT_LINE_TABS).toContain(tab);
    for (const tab of ['bitcoin', 'litecoin', 'eth', 'bitcoin-cash', 'dash', 'zcash', 'usdt', 'altcoins', 'vload']) expect(AMOUNT_LINE_TABS).not.toContain(tab);
    expect(AMOUNT_LINE_TABS.filter((tab) => tab !== 'card' && tab !== 'jcb' && tab !== 'bank' && tab !== 'fiat')).toEqual(TABS.filter((tab) => FUNDING_METHODS[tab].kind === 'wallet'));
    expect(hasAmountLine('bank')).toBe(true);
    expect(hasAmountLine('bitcoin')).toBe(false);
    expect(hasAmountLine('vload')).toBe(false);
  });

  it('the Russian methods for a Russian page or a RUB account; hiding Skrill or Vload hides nothing else', () => {
    const russian = ['webmoney', 'yandex', 'qiwi'];
    const en = visibleTabs({ lang: 'en', currency: 'USD', country: 'NL', vloadHidden: false });
    for (const tab of russian) expect(en).not.toContain(tab);
    expect(visibleTabs({ lang: 'ru', currency: 'USD', country: 'NL', vloadHidden: false })).toEqual(expect.arrayContaining(russian));
    expect(visibleTabs({ lang: 'en', currency: 'RUB', country: 'NL', vloadHidden: false })).toEqual(expect.arrayContaining(russian));
    const de = visibleTabs({ lang: 'en', currency: 'USD', country: 'de', vloadHidden: true });
    expect(de).toEqual(en.filter((t) => t !== 'skrill' && t !== 'vload'));
  });
});
