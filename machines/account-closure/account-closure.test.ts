import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { CLOSURE_RULES } from '../../core/account-closure';
import type { CloseAccountRequest } from '../../core/contract/closure';
import { accountClosureMachine, closeRequest, closureErrors, serverFieldErrors } from './account-closure.machine';
import { clearStatus } from './account-closure.model';

/** What the model does not try: the rules at their bounds, what is sent, the server's field keys, the password's short life. */
describe('account closure: the checks before sending', () => {
  const ok = { reason: 'costs', text: '', password: 'secret' };

  it('needs a reason of the list and a password', () => {
    expect(closureErrors(ok)).toEqual({});
    expect(closureErrors({ ...ok, reason: '' })).toEqual({ reason: { key: 'closure.error.reason' } });
    expect(closureErrors({ ...ok, reason: 'bored' })).toEqual({ reason: { key: 'closure.error.reason' } });
    expect(closureErrors({ ...ok, password: '' })).toEqual({ password: { key: 'closure.error.password' } });
    // a password of spaces is the trader's to type: only the server knows it
    expect(closureErrors({ ...ok, password: ' ' })).toEqual({});
  });

  it('takes the words up to the limit, and with "other" at least a few', () => {
    expect(closureErrors({ ...ok, text: 'x'.repeat(CLOSURE_RULES.textMax) })).toEqual({});
    expect(closureErrors({ ...ok, text: `  ${'x'.repeat(CLOSURE_RULES.textMax)}  ` })).toEqual({});
    expect(closureErrors({ ...ok, text: 'x'.repeat(CLOSURE_RULES.textMax + 1) })).toEqual({ text: { key: 'closure.error.text_long', params: { max: CLOSURE_RULES.textMax } } });
    expect(closureErrors({ ...ok, reason: 'other', text: '' })).toEqual({ text: { key: 'closure.error.text_needed', params: { min: CLOSURE_RULES.otherMin } } });
    expect(closureErrors({ ...ok, reason: 'other', text: ` ${'x'.repeat(CLOSURE_RULES.otherMin - 1)}  ` })).toHaveProperty('text');
    expect(closureErrors({ ...ok, reason: 'other', text: 'x'.repeat(CLOSURE_RULES.otherMin) })).toEqual({});
  });

  it('sends the words trimmed and the password as typed', () => {
    expect(closeRequest({ reason: 'other', text: '  Moving abroad. ', password: ' pass ' })).toEqual({ reason: 'other', text: 'Moving abroad.', password: ' pass ' });
  });

  it('marks the fields the server names, by `fields` or by the refusal’s key', () => {
    expect(serverFieldErrors({ kind: 'http', status: 401, error: 'closure.password', message: 'The password is not right.', fields: { password: 'closure.password' } })).toEqual({
      password: { key: 'closure.password', fallback: 'The password is not right.' },
    });
    expect(serverFieldErrors({ kind: 'http', status: 400, error: 'closure.text', message: 'Tell us in 3 to 1000 characters.' })).toEqual({
      text: { key: 'closure.text', fallback: 'Tell us in 3 to 1000 characters.', params: { min: CLOSURE_RULES.otherMin, max: CLOSURE_RULES.textMax } },
    });
    expect(serverFieldErrors({ kind: 'http', status: 400, error: 'validation', message: 'Bad.', fields: { reason: 'closure.reason' } })).toEqual({ reason: { key: 'closure.reason' } });
    expect(serverFieldErrors({ kind: 'http', status: 429, error: 'login.locked', message: 'Too many.' })).toEqual({});
    expect(serverFieldErrors({ kind: 'network' })).toEqual({});
  });
});

describe('account closure: the password', () => {
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const start = (close: (input: CloseAccountRequest) => Promise<never>) =>
    createActor(
      accountClosureMachine.provide({ actors: { loadStatus: fromPromise(async () => clearStatus()), closeAccount: fromPromise(({ input }) => close(input)) } }),
    ).start();

  it('is held from the submit to the answer only, and a wrong one is to be typed again', async () => {
    const sent: CloseAccountRequest[] = [];
    const actor = start((input) => {
      sent.push(input);
      return Promise.reject({ kind: 'http', status: 401, error: 'closure.password', message: 'The password is not right.', fields: { password: 'closure.password' } });
    });
    await settle();
    expect(actor.getSnapshot().context.password).toBe('');
    actor.send({ type: 'field.change', field: 'reason', value: 'other' });
    actor.send({ type: 'field.change', field: 'text', value: '  Moving abroad. ' });
    actor.send({ type: 'closure.submit', password: 'wrong-one' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'confirming' });
    actor.send({ type: 'closure.keep' });
    expect(actor.getSnapshot().context.password).toBe('');
    actor.send({ type: 'closure.submit', password: 'wrong-one' });
    actor.send({ type: 'closure.confirm' });
    await settle();
    expect(sent).toEqual([{ reason: 'other', text: 'Moving abroad.', password: 'wrong-one' }]);
    expect(actor.getSnapshot().value).toEqual({ ready: 'editing' });
    expect(actor.getSnapshot().context).toMatchObject({ password: '', text: '  Moving abroad. ', reason: 'other', passwordResets: 1, shakes: 1, error: null });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: { key: 'closure.password', fallback: 'The password is not right.' } });
    actor.send({ type: 'password.edit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('a new reason takes the words’ message away (what they need may have changed)', async () => {
    const actor = start(() => Promise.reject({ kind: 'network' }));
    await settle();
    actor.send({ type: 'field.change', field: 'reason', value: 'other' });
    actor.send({ type: 'closure.submit', password: '' });
    expect(Object.keys(actor.getSnapshot().context.fieldErrors)).toEqual(['text', 'password']);
    actor.send({ type: 'field.change', field: 'reason', value: 'costs' });
    expect(Object.keys(actor.getSnapshot().context.fieldErrors)).toEqual(['password']);
  });
});
