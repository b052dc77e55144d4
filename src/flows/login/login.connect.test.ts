// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { loginMachine } from '../../../machines/login/login.machine';
import { connectLogin } from './login.connect';

function loginIn(value: string, context: object = {}): SnapshotFrom<typeof loginMachine> {
  const initial = createActor(loginMachine, { input: {} }).getSnapshot();
  return loginMachine.resolveState({ value, context: { ...initial.context, ...context } } as never);
}

describe('connectLogin getters', () => {
  it('the form submits its two fields, an edit clears a message shown, nothing rests while editing', () => {
    const send = vi.fn();
    const login = connectLogin(loginIn('editing', { error: { key: 'login.required' } }), send);
    const form = document.createElement('form');
    for (const [name, value] of [['email', 't@example.com'], ['password', 'pw']]) {
      const input = document.createElement('input');
      input.name = name;
      input.value = value;
      form.append(input);
    }
    const props = login.getFormProps();
    expect(props).toMatchObject({ noValidate: true, 'aria-busy': undefined });
    props.onSubmit({ preventDefault: () => undefined, currentTarget: form } as never);
    props.onChange();
    expect(send.mock.calls).toEqual([[{ type: 'login.submit', email: 't@example.com', password: 'pw' }], [{ type: 'login.edit' }]]);
    expect(login.getFieldProps('email')).toEqual({ name: 'email', required: true, disabled: undefined });
    expect(login.getSubmitProps()).toEqual({ type: 'submit', disabled: undefined, 'aria-busy': undefined });
    expect(login.getErrorProps()).toEqual({ role: 'alert' });
    expect(login.getNoticeProps()).toEqual({ role: 'status' });
  });

  it('while the platform answers the form, its fields and its button rest; no edit is sent without a message', () => {
    const send = vi.fn();
    const busy = connectLogin(loginIn('platformLogin'), send);
    expect(busy.getFormProps()['aria-busy']).toBe(true);
    expect(busy.getFieldProps('password').disabled).toBe(true);
    expect(busy.getSubmitProps()).toEqual({ type: 'submit', disabled: true, 'aria-busy': true });
    busy.getFormProps().onChange();
    expect(send).not.toHaveBeenCalled();
  });

  it('the second step is a section named by its heading', () => {
    const login = connectLogin(loginIn('editing'), vi.fn());
    const section = login.getFactorProps();
    expect(section['aria-labelledby']).toBe(login.getFactorTitleProps().id);
    expect(login.getLiveProps()).toEqual({ 'aria-live': 'polite' });
  });
});
