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

describe('edges the mutation run found untested', () => {
  it('applies the EU/EEA default (not NO_EU_US) to each member state', () => {
    const members = ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'IS', 'LI', 'NO'];
    const regions = { ...groups, mdps: { ...groups.mdps, COUNTRY: {} } };
    for (const country of members) expect(minDepositOf({ md: '', country }, regions), country).toBe('300');
    expect(minDepositOf({ md: '', country: 'CH' }, regions)).toBe('100');
  });

  it('ignores a minimum with more than 12 whole digits or more than 2 decimals', () => {
    expect(minDepositOf({ md: '1234567890123', country: 'DE' }, settings)).toBe('250');
    expect(minDepositOf({ md: '123456789012', country: 'DE' }, settings)).toBe('123456789012');
    expect(minDepositOf({ md: '12.345', country: 'DE' }, settings)).toBe('250');
    expect(minDepositOf({ md: '12.34', country: 'DE' }, settings)).toBe('12.34');
  });

  it('reads the trader’s own fields without the spaces around them', () => {
    expect(minDepositOf({ md: ' 20 ', country: 'DE' }, settings)).toBe('20');
    expect(minDepositOf({ md: '', mdps: ' 30 ', country: 'DE' }, settings)).toBe('30');
    expect(minDepositOf({ md: '', country: 'DE', id: 8, comments: ' SPRING ' }, groups)).toBe('50');
    expect(minDepositOf({ md: '', country: 'DE', id: 8, affsId: ' p42 ' }, groups)).toBe('75');
  });

  it('never matches a group entry by an empty code', () => {
    const empty = { ...settings, mdps: { ...settings.mdps, OCODE: { '': '42' } } };
    expect(minDepositOf({ md: '', country: 'DE', comments: '', affsId: '' }, empty)).toBe('250');
  });

  it('keeps the trader’s minimum as written when it equals the exchange floor', () => {
    expect(minDepositOf({ md: '250.00', country: 'DE' }, settings, { type: 'exchange', currency: 'USD' })).toBe('250.00');
  });
});

