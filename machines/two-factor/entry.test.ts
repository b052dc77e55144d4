import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { twoFactorEntryMachine } from './entry.machine';
import type { CheckInput, CheckOutput, EntryInput } from './two-factor.types';

/** What the generated paths do not try: the digit inputs' bounds, pastes and the resend failure (mutation score). */
function entry(input: EntryInput, resend: () => Promise<unknown> = async () => ({})) {
  const codes: string[] = [];
  const machine = twoFactorEntryMachine.provide({
    actors: {
      checkCode: fromPromise<CheckOutput, CheckInput>(async ({ input: check }) => {
        codes.push(check.code);
        return { success: false, message: 'Wrong code.', disabled: false };
      }),
      resendCode: fromPromise<unknown, EntryInput>(resend),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, codes, digits: () => actor.getSnapshot().context.digits.join(',') };
}

describe('two-factor code entry', () => {
  it('takes the last character typed into an input, digits only, and only inputs 0 to 5', () => {
    const { actor, digits } = entry({ type: 'email', purpose: 'login' });
    actor.send({ type: 'digit.input', index: 0, value: '12' });
    expect(digits()).toBe('2,,,,,');
    actor.send({ type: 'digit.input', index: 1, value: '3x' });
    actor.send({ type: 'digit.input', index: -1, value: '5' });
    actor.send({ type: 'digit.input', index: 6, value: '5' });
    expect(digits()).toBe('2,,,,,');
    expect(actor.getSnapshot().context.digits).toHaveLength(6);
    actor.stop();
  });

  it('a pasted whole code fills all six (first six digits of the text); a part goes from the first empty input and stops at the sixth', () => {
    const whole = entry({ type: 'email', purpose: 'login' });
    whole.actor.send({ type: 'digit.input', index: 0, value: '9' });
    whole.actor.send({ type: 'code.paste', text: 'a1-2345 678' });
    expect(whole.codes).toEqual(['123456']);
    whole.actor.stop();

    const part = entry({ type: 'email', purpose: 'login' });
    for (const index of [0, 1, 2, 3]) part.actor.send({ type: 'digit.input', index, value: String(index + 1) });
    part.actor.send({ type: 'code.paste', text: '789' });
    expect(part.codes).toEqual(['123478']);
    part.actor.stop();
  });

  it('google codes are never sent by us, even when asked to send first', () => {
    let sent = 0;
    const { actor } = entry({ type: 'google', purpose: 'change', send: true }, async () => (sent++, {}));
    expect(actor.getSnapshot().matches({ editing: 'ready' })).toBe(true);
    expect(sent).toBe(0);
    actor.stop();
  });

  it('a resend that fails without a server answer says server_error', async () => {
    const { actor } = entry({ type: 'email', purpose: 'change', send: true }, async () => Promise.reject({ kind: 'network' }));
    await waitFor(actor, (s) => s.matches({ editing: 'ready' }));
    expect(actor.getSnapshot().context.error).toEqual(expect.objectContaining({ key: 'server_error' }));
    actor.stop();
  });
});

describe('a recovery code in place of the authenticator (issue 31 §4)', () => {
  function recovery(input: EntryInput, answer: (check: CheckInput) => Promise<CheckOutput>) {
    const checks: CheckInput[] = [];
    const machine = twoFactorEntryMachine.provide({
      actors: {
        checkCode: fromPromise<CheckOutput, CheckInput>(async ({ input: check }) => (checks.push(check), answer(check))),
        resendCode: fromPromise<unknown, EntryInput>(async () => ({})),
      },
    });
    return { actor: createActor(machine, { input }).start(), checks };
  }
  const wrong = async (): Promise<CheckOutput> => ({ success: false, disabled: false, message: 'This recovery code is wrong or was already used. 4 attempts left.', error: 'factor.recovery_invalid', left: 4 });

  it('is offered at an authenticator sign-in only', () => {
    for (const input of [
      { type: 'email', purpose: 'login' },
      { type: 'google', purpose: 'change' },
      { type: 'google', purpose: 'setup' },
      { type: 'google', purpose: 'withdrawal' },
    ] as EntryInput[]) {
      const { actor } = recovery(input, wrong);
      actor.send({ type: 'recovery.toggle' });
      expect(actor.getSnapshot().matches('recovery')).toBe(false);
      actor.stop();
    }
    const { actor } = recovery({ type: 'google', purpose: 'login' }, wrong);
    actor.send({ type: 'digit.input', index: 0, value: '4' });
    actor.send({ type: 'recovery.toggle' });
    expect(actor.getSnapshot().matches({ recovery: 'typing' })).toBe(true);
    // the digits typed before are dropped
    expect(actor.getSnapshot().context.digits.join('')).toBe('');
    actor.stop();
  });

  it('sends the code trimmed, marked as a recovery code; an empty one is not sent and says so', async () => {
    const { actor, checks } = recovery({ type: 'google', purpose: 'login' }, wrong);
    actor.send({ type: 'recovery.toggle' });
    actor.send({ type: 'recovery.input', value: '   ' });
    actor.send({ type: 'recovery.submit' });
    expect(checks).toEqual([]);
    expect(actor.getSnapshot().context).toMatchObject({ error: { key: 'factor.recovery_empty' }, failures: 1 });
    actor.send({ type: 'recovery.input', value: ' k7m2p-x9q4r ' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'recovery.submit' });
    expect(checks).toEqual([{ type: 'google', purpose: 'login', code: 'k7m2p-x9q4r', recovery: true }]);
    await waitFor(actor, (s) => s.matches({ recovery: 'typing' }));
    // wrong or used: said with the attempts left, the field cleared, counted
    expect(actor.getSnapshot().context).toMatchObject({ recoveryCode: '', failures: 2, error: { key: 'factor.recovery_invalid', params: { count: 4 } } });
    // back to the six digits: nothing typed kept, nothing said
    actor.send({ type: 'recovery.input', value: 'abc' });
    actor.send({ type: 'recovery.toggle' });
    expect(actor.getSnapshot().matches({ editing: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ recoveryCode: '', error: null });
    actor.stop();
  });

  it('a wrong code without a key is said as recovery_invalid; a refused call as its failure; a lock disables entry', async () => {
    const plain = recovery({ type: 'google', purpose: 'login' }, async () => ({ success: false, disabled: false, message: '' }));
    plain.actor.send({ type: 'recovery.toggle' });
    plain.actor.send({ type: 'recovery.input', value: 'k7m2p-x9q4r' });
    plain.actor.send({ type: 'recovery.submit' });
    await waitFor(plain.actor, (s) => s.matches({ recovery: 'typing' }));
    expect(plain.actor.getSnapshot().context.error).toEqual({ key: 'factor.recovery_invalid' });
    plain.actor.stop();

    const failing = recovery({ type: 'google', purpose: 'login' }, () => Promise.reject({ kind: 'network' }));
    failing.actor.send({ type: 'recovery.toggle' });
    failing.actor.send({ type: 'recovery.input', value: 'k7m2p-x9q4r' });
    failing.actor.send({ type: 'recovery.submit' });
    await waitFor(failing.actor, (s) => s.matches({ recovery: 'typing' }));
    // the code stays to send again
    expect(failing.actor.getSnapshot().context).toMatchObject({ recoveryCode: 'k7m2p-x9q4r', failures: 1, error: { key: 'server_error' } });
    failing.actor.stop();

    const locked = recovery({ type: 'google', purpose: 'login' }, async () => ({ success: false, disabled: true, message: 'Too many wrong codes.', error: 'factor.locked' }));
    locked.actor.send({ type: 'recovery.toggle' });
    locked.actor.send({ type: 'recovery.input', value: 'k7m2p-x9q4r' });
    locked.actor.send({ type: 'recovery.submit' });
    await waitFor(locked.actor, (s) => s.matches('disabled'));
    expect(locked.actor.getSnapshot().context).toMatchObject({ recoveryCode: '', error: { key: 'factor.locked', fallback: 'Too many wrong codes.' } });
    locked.actor.stop();
  });

  it('the right code ends the entry; a setup hands its recovery codes to the parent', async () => {
    const right = recovery({ type: 'google', purpose: 'login' }, async () => ({ success: true, disabled: false, message: 'Signed in.' }));
    right.actor.send({ type: 'recovery.toggle' });
    right.actor.send({ type: 'recovery.input', value: 'k7m2p-x9q4r' });
    right.actor.send({ type: 'recovery.submit' });
    await waitFor(right.actor, (s) => s.status === 'done');
    expect(right.actor.getSnapshot().output).toEqual({});

    // a failed call said, then the same code sent again and accepted: nothing is said any more
    let calls = 0;
    const retried = recovery({ type: 'google', purpose: 'login' }, async () => (calls++ === 0 ? Promise.reject({ kind: 'network' }) : { success: true, disabled: false, message: 'Signed in.' }));
    retried.actor.send({ type: 'recovery.toggle' });
    retried.actor.send({ type: 'recovery.input', value: 'k7m2p-x9q4r' });
    retried.actor.send({ type: 'recovery.submit' });
    await waitFor(retried.actor, (s) => s.matches({ recovery: 'typing' }) && s.context.error !== null);
    retried.actor.send({ type: 'recovery.submit' });
    await waitFor(retried.actor, (s) => s.status === 'done');
    expect(retried.actor.getSnapshot().context.error).toBeNull();

    const setup = recovery({ type: 'google', purpose: 'setup' }, async () => ({ success: true, disabled: false, message: 'Saving Successfully', recoveryCodes: ['k7m2p-x9q4r'] }));
    setup.actor.send({ type: 'code.paste', text: '123456' });
    await waitFor(setup.actor, (s) => s.status === 'done');
    expect(setup.actor.getSnapshot().output).toEqual({ recoveryCodes: ['k7m2p-x9q4r'] });
  });
});

describe('a passkey in place of the code at sign-in (issue 31 §5)', () => {
  function withPasskey(input: EntryInput, answers: (() => Promise<CheckOutput>)[]) {
    const asked: EntryInput[] = [];
    const machine = twoFactorEntryMachine.provide({
      actors: {
        checkCode: fromPromise<CheckOutput, CheckInput>(async () => ({ success: false, message: 'Wrong code.', disabled: false })),
        resendCode: fromPromise<unknown, EntryInput>(async () => ({})),
        checkPasskey: fromPromise<CheckOutput, EntryInput>(async ({ input: check }) => {
          asked.push(check);
          return answers.shift()!();
        }),
      },
    });
    const actor = createActor(machine, { input }).start();
    return { actor, asked };
  }

  it('is offered at a sign-in by a trader with a passkey only', () => {
    for (const input of [
      { type: 'email', purpose: 'login' },
      { type: 'email', purpose: 'login', passkey: false },
      { type: 'email', purpose: 'withdrawal', passkey: true },
      { type: 'google', purpose: 'change', passkey: true },
    ] satisfies EntryInput[]) {
      const { actor, asked } = withPasskey(input, []);
      actor.send({ type: 'passkey.use' });
      expect(actor.getSnapshot().matches('passkey')).toBe(false);
      expect(asked).toEqual([]);
      actor.stop();
    }
    const { actor, asked } = withPasskey({ type: 'google', purpose: 'login', passkey: true }, [() => new Promise(() => {})]);
    actor.send({ type: 'passkey.use' });
    expect(actor.getSnapshot().matches('passkey')).toBe(true);
    expect(asked).toEqual([{ type: 'google', purpose: 'login' }]);
    actor.stop();
  });

  it('a refused passkey says the server’s count and keeps the digits; a lock disables entry; a closed prompt is said; the right one ends the entry', async () => {
    const { actor } = withPasskey({ type: 'email', purpose: 'login', passkey: true }, [
      async () => ({ success: false, message: 'Your passkey could not confirm this sign-in. 3 attempts left.', disabled: false, error: 'factor.passkey_invalid', left: 3 }),
      async () => ({ success: false, message: '', disabled: false }),
      () => Promise.reject({ kind: 'http', status: 0, error: 'factor.passkey_cancelled', message: '' }),
      () => Promise.reject(new Error('boom')),
      async () => ({ success: true, message: 'Signed in.', disabled: false }),
    ]);
    actor.send({ type: 'digit.input', index: 0, value: '4' });
    actor.send({ type: 'code.resend' });
    actor.send({ type: 'passkey.use' });
    expect(actor.getSnapshot().context.notice).toBeNull();
    await waitFor(actor, (s) => s.matches({ editing: 'ready' }));
    expect(actor.getSnapshot().context).toMatchObject({ failures: 1, error: { key: 'factor.passkey_invalid', fallback: 'Your passkey could not confirm this sign-in. 3 attempts left.', params: { count: 3 } } });
    expect(actor.getSnapshot().context.digits[0]).toBe('4');

    actor.send({ type: 'passkey.use' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches({ editing: 'ready' }));
    expect(actor.getSnapshot().context.failures).toBe(2);
    expect(actor.getSnapshot().context.error).toEqual(expect.objectContaining({ key: 'factor.passkey_invalid' }));
    expect(actor.getSnapshot().context.error?.fallback).toBeUndefined();
    expect(actor.getSnapshot().context.error?.params).toBeUndefined();

    actor.send({ type: 'passkey.use' });
    await waitFor(actor, (s) => s.matches({ editing: 'ready' }) && s.context.failures === 3);
    expect(actor.getSnapshot().context.error).toEqual(expect.objectContaining({ key: 'factor.passkey_cancelled' }));

    actor.send({ type: 'passkey.use' });
    await waitFor(actor, (s) => s.matches({ editing: 'ready' }) && s.context.failures === 4);
    expect(actor.getSnapshot().context.error).toEqual(expect.objectContaining({ key: 'factor.passkey_failed' }));

    actor.send({ type: 'passkey.use' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().output).toEqual({});
  });

  it('locked by the server: the entry is disabled, the digits cleared, the lock said', async () => {
    const { actor } = withPasskey({ type: 'email', purpose: 'login', passkey: true }, [async () => ({ success: false, message: 'Too many wrong codes.', disabled: true, error: 'factor.locked' })]);
    actor.send({ type: 'digit.input', index: 0, value: '4' });
    actor.send({ type: 'passkey.use' });
    await waitFor(actor, (s) => s.matches('disabled'));
    expect(actor.getSnapshot().context).toMatchObject({ digits: ['', '', '', '', '', ''], error: { key: 'factor.locked', fallback: 'Too many wrong codes.' } });
    actor.stop();
  });
});
