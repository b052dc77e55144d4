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
