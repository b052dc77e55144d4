// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { passwordChangeMachine } from '../../../machines/security/password.machine';
import { twoFactorChoiceMachine } from '../../../machines/two-factor/choice.machine';
import { validationMachine } from '../../../machines/validation/validation.machine';
import type { AttemptOutput } from '../../../machines/validation/validation.types';
import { connectFactorChoice, connectPassword, connectValidation } from './security.connect';
import { formWith } from '../../test/form';

const submitEvent = (fields: Record<string, string>) => ({ preventDefault: () => {}, currentTarget: formWith(fields) }) as never;

describe('connectPassword getters', () => {
  const start = () =>
    createActor(passwordChangeMachine.provide({ actors: { changePassword: fromPromise(() => new Promise(() => {})) } }), { input: { login: 'trader@example.com' } }).start();

  it('the section, the fields by id (the new one read with its rules), the form sent as its values', () => {
    const actor = start();
    const send = vi.fn(actor.send);
    const password = connectPassword(actor.getSnapshot(), send);
    expect(password.getRegionProps()).toEqual({ 'aria-labelledby': 'pw-title' });
    expect(password.getTitleProps()).toEqual({ id: 'pw-title' });
    expect(password.getRulesProps()).toEqual({ id: 'pw-rules' });
    expect(password.getFieldProps('password')).toMatchObject({ id: 'pw-password', name: 'password', 'aria-describedby': 'pw-rules', 'aria-invalid': undefined, 'data-focus-on': undefined });
    expect(password.getFieldProps('oldPassword')).not.toHaveProperty('value');
    const typed = vi.fn();
    password.getFieldProps('password', typed).onChange!({ target: { value: 'abc' } } as never);
    expect(typed).toHaveBeenCalledWith('abc');
    // the box "Sign out my other devices" is ticked by default; unticked, the form says so
    expect(password.getEndOthersProps()).toMatchObject({ type: 'checkbox', name: 'endOthers', defaultChecked: true });
    password.getFormProps().onSubmit(submitEvent({ oldPassword: 'Old-pass-2026', password: 'Brand-new-2026', repeatPassword: 'Brand-new-2026' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'form.submit', oldPassword: 'Old-pass-2026', password: 'Brand-new-2026', repeatPassword: 'Brand-new-2026', endOthers: false });
    password.getFormProps().onSubmit(submitEvent({ oldPassword: 'Old-pass-2026', password: 'Brand-new-2026', repeatPassword: 'Brand-new-2026', endOthers: 'on' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'form.submit', oldPassword: 'Old-pass-2026', password: 'Brand-new-2026', repeatPassword: 'Brand-new-2026', endOthers: true });
    const busy = connectPassword(actor.getSnapshot(), send);
    expect([busy.getFormProps()['aria-busy'], busy.getSubmitProps().disabled, busy.getFieldProps('repeatPassword').disabled]).toEqual([true, true, true]);
  });

  it('the first invalid field is invalid, read with the message, and takes the focus again on every failed submit', () => {
    const actor = start();
    const send = vi.fn(actor.send);
    const empty = { oldPassword: '', password: '', repeatPassword: '' };
    connectPassword(actor.getSnapshot(), send).getFormProps().onSubmit(submitEvent(empty));
    let password = connectPassword(actor.getSnapshot(), send);
    const first = password.getFieldProps('oldPassword');
    expect(first).toMatchObject({ 'aria-invalid': true, 'aria-describedby': 'pw-oldPassword-error' });
    expect(first['data-focus-on']).toMatch(/^oldPassword-/);
    expect(password.getFieldProps('password')['data-focus-on']).toBeUndefined();
    expect(password.getErrorProps()).toEqual({ id: 'pw-oldPassword-error', role: 'alert' });
    password.getFormProps().onChange();
    expect(send).toHaveBeenLastCalledWith({ type: 'form.edit' });
    password.getFormProps().onSubmit(submitEvent(empty));
    password = connectPassword(actor.getSnapshot(), send);
    expect(password.getFieldProps('oldPassword')['data-focus-on']).not.toBe(first['data-focus-on']);
  });
});

describe('connectFactorChoice getters', () => {
  it('the section busy while a change is on its way; each row\'s button sends the choice and then rests', () => {
    const actor = createActor(twoFactorChoiceMachine.provide({ actors: { setFactor: fromPromise(() => new Promise(() => {})) } }), { input: { current: '' } }).start();
    const send = vi.fn(actor.send);
    let choice = connectFactorChoice(actor.getSnapshot(), send);
    expect(choice.getRegionProps()).toEqual({ 'aria-labelledby': 'tf-title', 'aria-busy': undefined });
    expect(choice.getTitleProps()).toEqual({ id: 'tf-title' });
    const email = choice.methods.find((m) => m.method === 'email')!;
    expect(email.getToggleProps()).toMatchObject({ type: 'button', disabled: undefined });
    // "Sign out my other devices" (issue 31 §2): ticked; unticking sends it
    expect(choice.getEndOthersProps()).toMatchObject({ type: 'checkbox', id: 'tf-end-others', checked: true, disabled: undefined });
    choice.getEndOthersProps().onChange({ currentTarget: { checked: false } });
    expect(send).toHaveBeenLastCalledWith({ type: 'endOthers.set', value: false });
    expect(connectFactorChoice(actor.getSnapshot(), send).getEndOthersProps().checked).toBe(false);
    email.getToggleProps().onClick();
    expect(send).toHaveBeenLastCalledWith({ type: 'method.choose', method: 'email', enable: true });
    choice = connectFactorChoice(actor.getSnapshot(), send);
    expect([choice.step, choice.getRegionProps()['aria-busy'], choice.methods[0].getToggleProps().disabled, choice.getEndOthersProps().disabled]).toEqual(['requesting', true, true, true]);
    expect(choice.getWorkingProps()).toEqual({ role: 'status' });
  });
});

describe('connectValidation getters', () => {
  it('a wrong value: the field is cleared, invalid, read with the message, and takes the focus again', async () => {
    let attempts = 0;
    const machine = validationMachine.provide({ actors: { attemptValidation: fromPromise(async (): Promise<AttemptOutput> => ({ return: false, attemps: ++attempts })) } });
    const actor = createActor(machine, { input: { success: false, attempts: 0 } }).start();
    const send = vi.fn(actor.send);
    let v = connectValidation(actor.getSnapshot(), send);
    expect(v.getRegionProps()).toEqual({ 'aria-labelledby': 'validate-title' });
    expect(v.getFieldProps('value')).toMatchObject({ id: 'validate-value', name: 'value', value: '', 'aria-invalid': undefined, 'data-focus-on': undefined });
    v.getFieldProps('value').onChange!({ target: { value: 'WRONG1' } } as never);
    v = connectValidation(actor.getSnapshot(), send);
    v.getFormProps().onSubmit(submitEvent({}));
    expect(send).toHaveBeenLastCalledWith({ type: 'value.submit' });
    expect(connectValidation(actor.getSnapshot(), send).getSubmitProps()).toEqual({ type: 'submit', disabled: true, 'aria-busy': true });
    await waitFor(actor, (s) => s.matches('editing'));
    v = connectValidation(actor.getSnapshot(), send);
    expect(v.getFieldProps('value')).toMatchObject({ value: '', 'aria-invalid': true, 'aria-describedby': 'validate-value-error', 'data-focus-on': 'wrong-1' });
    expect(v.getErrorProps()).toEqual({ id: 'validate-value-error', role: 'alert' });
    expect(v.getDoneProps()['data-focus-on']).toBeUndefined();
  });

  it('validated: the result is announced and takes the focus; all attempts used is said at once', () => {
    const done = connectValidation(createActor(validationMachine, { input: { success: true, attempts: 1 } }).start().getSnapshot(), () => {});
    expect(done.getDoneProps()).toMatchObject({ role: 'status', tabIndex: -1, 'data-focus-on': 'validated' });
    const locked = connectValidation(createActor(validationMachine, { input: { success: false, attempts: 5 } }).start().getSnapshot(), () => {});
    expect([locked.maxTries, locked.getMaxTriesProps()]).toEqual([true, { role: 'alert' }]);
  });
});
