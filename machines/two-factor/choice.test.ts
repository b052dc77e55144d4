import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { twoFactorChoiceMachine } from './choice.machine';
import type { EntryOutput, FactorType, SetFactorOutput } from './two-factor.types';

/** The authenticator's recovery codes after its setup (issue 31 §4): shown once, saved as a file on request, gone when said saved. */
function choice(outputs: EntryOutput[]) {
  const saved: string[][] = [];
  const asked: boolean[] = [];
  let n = 0;
  const machine = twoFactorChoiceMachine.provide({
    actors: {
      setFactor: fromPromise<SetFactorOutput, { type: FactorType; state: boolean; endOthers: boolean }>(async ({ input }) => {
        asked.push(input.endOthers);
        return { success: true, next: 'code', channel: 'email', message: 'We sent a code' };
      }),
      // each entry in turn: the email code (with the secret), then the app's first code
      twoFactorEntry: createMachine({ initial: 'go', states: { go: { invoke: { src: fromPromise(async () => outputs[n++] ?? {}), onDone: 'done' } }, done: { type: 'final' } }, output: () => outputs[n - 1] ?? {} }) as never,
    },
    actions: { saveCodes: (_, params) => saved.push(params.codes) },
  });
  return { actor: createActor(machine, { input: { current: '' } }).start(), saved, asked };
}

describe('the authenticator setup and its recovery codes', () => {
  it('saving google shows the codes until the trader says they are saved; Download saves those codes', async () => {
    const { actor, saved } = choice([{ qr: 'otpauth://totp/Brokerage:a?secret=ABC', secret: 'ABC' }, { recoveryCodes: ['k7m2p-x9q4r', 'a2b3c-d4e5f'] }]);
    actor.send({ type: 'method.choose', method: 'google', enable: true });
    await waitFor(actor, (s) => s.matches('showingCodes'));
    expect(actor.getSnapshot().context).toMatchObject({ current: 'google', recoveryCodes: ['k7m2p-x9q4r', 'a2b3c-d4e5f'] });
    actor.send({ type: 'codes.download' });
    expect(saved).toEqual([['k7m2p-x9q4r', 'a2b3c-d4e5f']]);
    actor.send({ type: 'codes.saved' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.recoveryCodes).toEqual([]);
  });

  it('a google save without codes, or another method, goes straight back', async () => {
    const { actor } = choice([{ qr: 'otpauth://totp/Brokerage:a?secret=ABC', secret: 'ABC' }, {}]);
    actor.send({ type: 'method.choose', method: 'google', enable: true });
    await waitFor(actor, (s) => s.matches('idle') && s.context.current === 'google');
    expect(actor.getSnapshot().context.recoveryCodes).toEqual([]);
  });
});

describe('"Sign out my other devices" on a change (issue 31 §2)', () => {
  it('ticked unless unticked; the request carries the answer; the box is not read while a change runs', async () => {
    const { actor, asked } = choice([{}, {}, {}]);
    expect(actor.getSnapshot().context.endOthers).toBe(true);
    actor.send({ type: 'method.choose', method: 'email', enable: true });
    await waitFor(actor, (s) => s.matches('idle') && s.context.current === 'email');
    actor.send({ type: 'endOthers.set', value: false });
    actor.send({ type: 'method.choose', method: 'sms', enable: true });
    // a change is on its way: the box rests
    actor.send({ type: 'endOthers.set', value: true });
    expect(actor.getSnapshot().context.endOthers).toBe(false);
    await waitFor(actor, (s) => s.matches('idle') && s.context.current === 'sms');
    expect(asked).toEqual([true, false]);
  });
});
