// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { forgotMachine } from '../../../machines/forgot/forgot.machine';
import { passwordResetMachine } from '../../../machines/password-reset/password-reset.machine';
import { msg } from '../../../core/message';
import { passwordRules } from '../../../core/password-policy';
import { connectPasswordReset } from './forgot-reset.connect';
import { connectForgot } from './forgot.connect';

const forgotIn = (value: string, context: Partial<ReturnType<typeof forgotMachine.getInitialSnapshot>['context']> = {}) => {
  const initial = createActor(forgotMachine).getSnapshot();
  return forgotMachine.resolveState({ value, context: { ...initial.context, email: 'trader@example.com', ...context } });
};

const TOKEN = 'A'.repeat(43);
const resetIn = (value: Parameters<typeof passwordResetMachine.resolveState>[0]['value'], context: Partial<ReturnType<typeof passwordResetMachine.getInitialSnapshot>['context']> = {}) => {
  const initial = createActor(passwordResetMachine, { input: { token: TOKEN } }).getSnapshot();
  return passwordResetMachine.resolveState({ value, context: { ...initial.context, ...context } });
};

describe('connectForgot', () => {
  it('editing: the form with the email; submit and typing send their events', () => {
    const send = vi.fn();
    const api = connectForgot(forgotIn('editing'), send);
    expect(api).toMatchObject({ showForm: true, busy: false, email: 'trader@example.com', emailError: null, formError: null, sent: null, canRetry: false, submitLabel: msg('forget.submit') });
    api.onEmail('x@example.com');
    api.onSubmit();
    expect(send.mock.calls).toEqual([[{ type: 'email.change', value: 'x@example.com' }], [{ type: 'forgot.submit' }]]);
  });

  it('invalid email: said beside the field', () => {
    expect(connectForgot(forgotIn('invalidEmail', { error: msg('forget.email') }), vi.fn())).toMatchObject({ emailError: msg('forget.email'), formError: null, canRetry: false });
  });

  it('sending: busy, the label says so', () => {
    expect(connectForgot(forgotIn('sending'), vi.fn())).toMatchObject({ busy: true, submitLabel: msg('forget.sending') });
  });

  it('sent: the answer instead of the form; another email may be asked for', () => {
    const send = vi.fn();
    const api = connectForgot(forgotIn('sent', { sent: msg('forget.sent', 'If an account exists…') }), send);
    expect(api).toMatchObject({ showForm: false, sent: msg('forget.sent', 'If an account exists…') });
    api.onAgain();
    expect(send).toHaveBeenCalledWith({ type: 'forgot.again' });
  });

  it('rate limited and failed: the message under the form, the submit retries', () => {
    for (const value of ['rateLimited', 'failed']) {
      const send = vi.fn();
      const error = msg(value === 'failed' ? 'forget.failed' : 'forget.limited', 'Too many…');
      const api = connectForgot(forgotIn(value, { error }), send);
      expect(api).toMatchObject({ formError: error, emailError: null, canRetry: true, rateLimited: value === 'rateLimited', showForm: true });
      api.onSubmit();
      expect(send).toHaveBeenCalledWith({ type: 'forgot.retry' });
    }
  });
});

describe('connectPasswordReset', () => {
  it('checking the link: nothing else shows', () => {
    expect(connectPasswordReset(resetIn('checkingLink'), vi.fn())).toMatchObject({ checking: true, showForm: false, invalidLink: false, done: null });
  });

  it('an invalid link: ask for a new one', () => {
    expect(connectPasswordReset(resetIn('invalidLink'), vi.fn())).toMatchObject({ invalidLink: true, showForm: false, checking: false });
  });

  it('a check that failed: its error and a retry', () => {
    const send = vi.fn();
    const api = connectPasswordReset(resetIn('checkFailed', { error: msg('forget.failed') }), send);
    expect(api.checkError).toEqual(msg('forget.failed'));
    api.onRetryCheck();
    expect(send).toHaveBeenCalledWith({ type: 'link.retry' });
  });

  it('editing: the rules as typed without the email rule (the page does not know the email); the handlers', () => {
    const send = vi.fn();
    const api = connectPasswordReset(resetIn({ form: 'editing' }, { rules: passwordRules('Fresh-Reset-2026!', '') }), send);
    expect(api).toMatchObject({ showForm: true, busy: false, mismatch: false, passwordError: null, repeatError: null, formError: null, submitLabel: msg('forget.save') });
    expect(api.rules.map((r) => [r.key, r.ok])).toEqual([
      ['register.rule.length', true],
      ['register.rule.common', true],
    ]);
    api.onPassword('abc');
    api.onRepeat();
    api.onSubmit('Fresh-Reset-2026!', 'Fresh-Reset-2026!');
    expect(send.mock.calls).toEqual([[{ type: 'password.change', value: 'abc' }], [{ type: 'repeat.change' }], [{ type: 'reset.submit', password: 'Fresh-Reset-2026!', repeat: 'Fresh-Reset-2026!' }]]);
  });

  it('a policy refusal shows beside the password; a mismatch beside the second field', () => {
    const short = msg('register.password_short', undefined, { min: 10 });
    expect(connectPasswordReset(resetIn({ form: 'editing' }, { error: short, invalid: 'password' }), vi.fn())).toMatchObject({ passwordError: short, repeatError: null });
    expect(connectPasswordReset(resetIn({ form: 'mismatch' }, { error: msg('forget.mismatch'), invalid: 'repeat' }), vi.fn())).toMatchObject({
      mismatch: true,
      repeatError: msg('forget.mismatch'),
      passwordError: null,
    });
  });

  it('sending keeps the form (busy); failed keeps it with the error and a retry label', () => {
    expect(connectPasswordReset(resetIn('sending'), vi.fn())).toMatchObject({ showForm: true, busy: true, submitLabel: msg('forget.saving') });
    expect(connectPasswordReset(resetIn({ form: 'failed' }, { error: msg('forget.failed') }), vi.fn())).toMatchObject({ showForm: true, formError: msg('forget.failed'), submitLabel: msg('common.retry') });
  });

  it('done: the answer and no form', () => {
    expect(connectPasswordReset(resetIn('done', { done: msg('forget.done') }), vi.fn())).toMatchObject({ done: msg('forget.done'), showForm: false });
  });
});

describe('the machines from their start', () => {
  it('a reset page without a token says the link is not valid at once, asking the server nothing', () => {
    const checkLink = vi.fn();
    const actor = createActor(passwordResetMachine.provide({ actors: { checkLink } as never }), { input: { token: '' } }).start();
    expect(actor.getSnapshot().value).toBe('invalidLink');
    expect(checkLink).not.toHaveBeenCalled();
  });

  it('the ask refuses a malformed email before sending', () => {
    const actor = createActor(forgotMachine).start();
    actor.send({ type: 'email.change', value: 'nope' });
    actor.send({ type: 'forgot.submit' });
    expect(actor.getSnapshot().value).toBe('invalidEmail');
    expect(actor.getSnapshot().context.error).toEqual(msg('forget.email'));
  });
});

describe('forgot and reset getters', () => {
  it('the email field points at its message when refused; the answer takes the focus once sent', () => {
    const send = vi.fn();
    const invalid = connectForgot(forgotIn('invalidEmail', { error: msg('forget.email') }), send);
    expect(invalid.getEmailProps()).toMatchObject({ id: 'forgot-email', name: 'email', value: 'trader@example.com', 'aria-invalid': true, 'aria-describedby': 'forgot-email-error', required: true });
    expect(invalid.getEmailErrorProps()).toEqual({ id: 'forgot-email-error', role: 'alert' });
    invalid.getEmailProps().onChange?.({ target: { value: 'a@b.c' } } as never);
    invalid.getFormProps().onSubmit({ preventDefault: () => undefined, currentTarget: undefined } as never);
    expect(send.mock.calls).toEqual([[{ type: 'email.change', value: 'a@b.c' }], [{ type: 'forgot.submit' }]]);
    const sending = connectForgot(forgotIn('sending'), send);
    expect(sending.getSubmitProps()).toEqual({ type: 'submit', disabled: true, 'aria-busy': true });
    expect(sending.getEmailProps().disabled).toBe(true);
    expect(sending.getResultProps()['data-focus-on']).toBeUndefined();
    expect(connectForgot(forgotIn('sent', { sent: msg('forget.sent') }), send).getResultProps()).toMatchObject({ role: 'status', tabIndex: -1, 'data-focus-on': 'sent' });
  });

  it('the new password is read with its rules, the repeat with its message; the form sends both typed values', () => {
    const send = vi.fn();
    const api = connectPasswordReset(resetIn({ form: 'mismatch' }, { invalid: 'repeat', error: msg('forget.mismatch') }), send);
    const password = api.getPasswordProps();
    expect(password).toMatchObject({ id: 'reset-password', name: 'password', 'aria-describedby': api.getRulesProps().id, required: true });
    expect('value' in password).toBe(false);
    expect(api.getRepeatProps()).toMatchObject({ 'aria-invalid': true, 'aria-describedby': api.getErrorProps('repeat').id });
    const form = document.createElement('form');
    for (const name of ['password', 'repeat']) {
      const input = document.createElement('input');
      input.name = name;
      input.value = `pw-${name}`;
      form.append(input);
    }
    api.getFormProps().onSubmit({ preventDefault: () => undefined, currentTarget: form } as never);
    expect(send).toHaveBeenLastCalledWith({ type: 'reset.submit', password: 'pw-password', repeat: 'pw-repeat' });
    expect(connectPasswordReset(resetIn('done', { done: msg('forget.done') }), send).getDoneProps()['data-focus-on']).toBe('done');
  });
});
