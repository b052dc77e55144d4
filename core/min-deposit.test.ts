import { describe, expect, it } from 'vitest';
import { minDepositOf } from './min-deposit';

const settings = { minDeposit: '250', usCaMinShown: '500', mdps: { OCODE: {}, COUNTRY: {}, USERS: {} } };
const groups = {
  ...settings,
  mdps: { ALL: '', USA: '700', NO_EU_US: '100', OCODE: { SPRING: '50', p42: '75' }, COUNTRY: { MT: '10' }, USERS: { '7': '5', 'vip@example.com': '1' }, DEFAULT: '300' },
};

describe('minDepositOf (spec 000 §3, §6; 001 §9): one rule for the page, cards, crypto and every method', () => {
  it('defaults: 250, US and CA 500 shown', () => {
    expect(minDepositOf({ md: '', country: 'DE' }, settings)).toBe('250');
    expect(minDepositOf({ md: '', country: 'US' }, settings)).toBe('500');
    expect(minDepositOf({ md: '', country: 'CA' }, settings)).toBe('500');
  });

  it("the user's own md, then mdps, win over every group", () => {
    expect(minDepositOf({ md: '20', country: 'US', id: 7 }, groups)).toBe('20');
    expect(minDepositOf({ md: '', mdps: '30', country: 'US', id: 7 }, groups)).toBe('30');
    // not an amount: ignored
    expect(minDepositOf({ md: 'abc', mdps: '0', country: 'DE' }, settings)).toBe('250');
  });

  it('USERS by id or email, then OCODE by comment code or partner, then COUNTRY', () => {
    expect(minDepositOf({ md: '', country: 'DE', id: 7 }, groups)).toBe('5');
    expect(minDepositOf({ md: '', country: 'DE', id: 8, email: 'vip@example.com' }, groups)).toBe('1');
    expect(minDepositOf({ md: '', country: 'DE', id: 8, comments: 'SPRING', affsId: 'p42' }, groups)).toBe('50');
    expect(minDepositOf({ md: '', country: 'DE', id: 8, affsId: 'p42' }, groups)).toBe('75');
    expect(minDepositOf({ md: '', country: 'MT', id: 8 }, groups)).toBe('10');
  });

  it('regions: USA for US/CA, NO_EU_US outside the EU/EEA and US/CA, DEFAULT for the rest; ALL overrides the regions', () => {
    expect(minDepositOf({ md: '', country: 'US' }, groups)).toBe('700');
    expect(minDepositOf({ md: '', country: 'BR' }, groups)).toBe('100');
    expect(minDepositOf({ md: '', country: 'DE' }, groups)).toBe('300');
    expect(minDepositOf({ md: '', country: 'NO' }, groups)).toBe('300');
    const all = { ...groups, mdps: { ...groups.mdps, ALL: '150' } };
    expect(minDepositOf({ md: '', country: 'US' }, all)).toBe('150');
    expect(minDepositOf({ md: '', country: 'MT' }, all)).toBe('10');
  });

  it('a key on the prototype is not a group entry', () => {
    expect(minDepositOf({ md: '', country: 'DE', comments: 'constructor', email: 'toString' }, settings)).toBe('250');
  });

  it('exchange deposits in USD and EUR are at least 250 (001 §9); a higher trader minimum stays; other accounts and currencies are unchanged', () => {
    const low = { ...settings, minDeposit: '10' };
    expect(minDepositOf({ md: '', country: 'DE' }, low, { type: 'exchange', currency: 'USD' })).toBe('250');
    expect(minDepositOf({ md: '', country: 'DE' }, low, { type: 'exchange', currency: 'EUR' })).toBe('250');
    expect(minDepositOf({ md: '', country: 'DE' }, low, { type: 'exchange', currency: 'eur' })).toBe('250');
    // the trader's own minimum below 250 does not lower the exchange's
    expect(minDepositOf({ md: '20', country: 'DE' }, settings, { type: 'exchange', currency: 'USD' })).toBe('250');
    // a higher minimum (US/CA 500, a group) stays
    expect(minDepositOf({ md: '', country: 'US' }, settings, { type: 'exchange', currency: 'USD' })).toBe('500');
    expect(minDepositOf({ md: '', country: 'DE' }, groups, { type: 'exchange', currency: 'EUR' })).toBe('300');
    expect(minDepositOf({ md: '250.01', country: 'DE' }, settings, { type: 'exchange', currency: 'USD' })).toBe('250.01');
    // a trading account, no account, or an exchange currency without its own minimum: the trader's minimum
    expect(minDepositOf({ md: '', country: 'DE' }, low, { type: 'trading', currency: 'USD' })).toBe('10');
    expect(minDepositOf({ md: '', country: 'DE' }, low)).toBe('10');
    expect(minDepositOf({ md: '', country: 'DE' }, low, { type: 'exchange', currency: 'GBP' })).toBe('10');
    expect(minDepositOf({ md: '', country: 'DE' }, low, { type: null, currency: 'USD' })).toBe('10');
  });
});
