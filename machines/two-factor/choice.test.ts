import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { twoFactorChoiceMachine } from './choice.machine';
import type { EntryOutput, FactorType, SetFactorOutput } from './two-factor.types';

/** The authenticator's recovery codes after its setup (issue 31 §4): shown once, saved as a file on request, gone when said saved. */
function choice(outputs: EntryOutput[]) {
  const saved: string[][] = [];
  let n = 0;
  const machine = twoFactorChoiceMachine.provide({
    actors: {
      setFactor: fromPromise<SetFactorOutput, { type: FactorType; state: boolean }>(async () => ({ success: true, next: 'code', channel: 'email', message: 'We sent a code' })),
      // each entry in turn: the email code (with the secret), then the app's first code
      twoFactorEntry: createMachine({ initial: 'go', states: { go: { invoke: { src: fromPromise(async () => outputs[n++] ?? {}), onDone: 'done' } }, done: { type: 'final' } }, output: () => outputs[n - 1] ?? {} }) as never,
    },
    actions: { saveCodes: (_, params) => saved.push(params.codes) },
  });
  return { actor: createActor(machine, { input: { current: '' } }).start(), saved };
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
