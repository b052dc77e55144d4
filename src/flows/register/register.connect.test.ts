import { describe, expect, it } from 'vitest';
import { formProblems } from './register.flow';
import { countryChange, countryOptions, passwordRules } from './register.connect';

const filled = {
  country: 'DE',
  currency: 'USD',
  login: 'anna@example.org',
  password: 'Long-enough-2026',
  firstName: 'Anna',
  lastName: 'Schmidt',
  phone_prefix: '49',
  phone: '1512 3456789',
  promo: '',
};

describe('registration rules in the browser', () => {
  it('a filled form has no problems; a blocked country and an unknown calling code are refused before sending', () => {
    expect(formProblems(filled)).toEqual({});
    expect(formProblems({ ...filled, country: 'KP' }).country).toEqual({ key: 'register.country_blocked' });
    expect(formProblems({ ...filled, phone_prefix: '999' }).phone_prefix).toEqual({ key: 'register.phone_prefix_invalid' });
    expect(formProblems({ ...filled, phone_prefix: '+49' })).toEqual({});
    expect(formProblems({ ...filled, password: 'short' }).password).toEqual({ key: 'register.password_short', params: { min: 10 } });
  });

  it('a demo account has no email of the trader\'s to check: the server makes its login', () => {
    expect(formProblems({ ...filled, login: '' }).login).toEqual({ key: 'register.required' });
    expect(formProblems({ ...filled, login: '' }, { demo: true })).toEqual({});
    expect(formProblems({ ...filled, login: '', password: 'short' }, { demo: true })).toEqual({ password: { key: 'register.password_short', params: { min: 10 } } });
  });

  it('a country brings its calling code; blocked countries are not offered; names follow the language', () => {
    expect(countryChange('US')).toEqual({ type: 'country.change', country: 'US', prefix: '1' });
    expect(countryChange('GB').prefix).toBe('44');
    const en = countryOptions('en');
    expect(en.find((c) => c.iso === 'DE')?.name).toBe('Germany');
    expect(en.some((c) => c.iso === 'KP')).toBe(false);
    expect(countryOptions('ru').find((c) => c.iso === 'DE')?.name).toBe('Германия');
  });

  it('password rules follow what is typed', () => {
    const ok = (password: string, login = 'anna@example.org') => passwordRules(password, login).map((r) => r.ok);
    expect(ok('')).toEqual([false, false, false]);
    expect(ok('anna')).toEqual([false, false, true]);
    expect(ok('anna-is-here-2026')).toEqual([true, false, true]);
    expect(ok('password123')).toEqual([true, true, false]);
    expect(ok('Long-enough-2026')).toEqual([true, true, true]);
  });
});
