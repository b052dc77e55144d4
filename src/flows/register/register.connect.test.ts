import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { registerMachine } from '../../../machines/register/register.machine';
import { formProblems } from './register.flow';
import { connectRegister, countryChange, countryOptions, passwordRules } from './register.connect';

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

describe('connectRegister getters', () => {
  const snapshotIn = (value: unknown, context: object) => {
    const initial = createActor(registerMachine, { input: {} }).getSnapshot();
    return registerMachine.resolveState({ value, context: { ...initial.context, ...context } } as never) as SnapshotFrom<typeof registerMachine>;
  };

  it('a refused field points at its message and hints; the field first refused takes the focus on that refusal only', () => {
    const send = vi.fn();
    const s = snapshotIn({ editing: 'idle' }, { errors: { login: { key: 'x' }, usNotice: { key: 'y' } }, shakes: 2 });
    const reg = connectRegister(s, send, { focusField: 'login' });
    expect(reg.getFieldProps('login')).toMatchObject({ id: 'reg-login', name: 'login', 'aria-invalid': true, 'aria-describedby': 'reg-login-error', 'data-focus-on': 'refused-2' });
    expect(reg.getErrorProps('login')).toEqual({ id: 'reg-login-error' });
    expect(reg.getLabelProps('login')).toEqual({ htmlFor: 'reg-login' });
    // the country carries the US notice's message; the password its rules; the currency its hint
    expect(reg.getFieldProps('country')).toMatchObject({ 'aria-invalid': undefined, 'aria-describedby': 'reg-usNotice-error', 'data-focus-on': undefined });
    expect(reg.getFieldProps('password')['aria-describedby']).toBe(reg.getRulesProps().id);
    expect(reg.getFieldProps('currency')['aria-describedby']).toBe(reg.getHintProps('currency').id);
    expect(connectRegister(s, send).getFieldProps('login')['data-focus-on']).toBeUndefined();
  });

  it('fields send changes and blurs (a country brings its calling code; the state has no blur check), the form sends a submit', () => {
    const send = vi.fn();
    const reg = connectRegister(snapshotIn({ editing: 'idle' }, {}), send);
    reg.getFieldProps('firstName').onChange?.({ target: { value: 'Anna' } } as never);
    reg.getFieldProps('firstName').onBlur?.();
    reg.getFieldProps('country').onChange?.({ target: { value: 'DE' } } as never);
    expect(reg.getFieldProps('state').onBlur).toBeUndefined();
    reg.getFormProps().onSubmit({ preventDefault: () => undefined, currentTarget: undefined } as never);
    expect(send.mock.calls).toEqual([
      [{ type: 'field.change', field: 'firstName', value: 'Anna' }],
      [{ type: 'field.blur', field: 'firstName' }],
      [countryChange('DE')],
      [{ type: 'register.submit' }],
    ]);
  });

  it('while sent the form is busy and its button rests', () => {
    const reg = connectRegister(snapshotIn('submitting', {}), vi.fn());
    expect(reg.getFormProps()['aria-busy']).toBe(true);
    expect(reg.getSubmitProps()).toEqual({ type: 'submit', disabled: true, 'aria-busy': true });
    expect(reg.getFormErrorProps()).toEqual({ role: 'alert' });
  });
});
