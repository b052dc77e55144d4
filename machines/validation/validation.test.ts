import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { validationMachine } from './validation.machine';
import type { AttemptOutput } from './validation.types';

/** What the generated paths do not try: the input's bounds (mutation score). */
describe('transaction validation input', () => {
  it('keeps at most 64 characters and sends the value trimmed', async () => {
    const sent: string[] = [];
    const machine = validationMachine.provide({
      actors: {
        attemptValidation: fromPromise<AttemptOutput, { value: string }>(async ({ input }) => {
          sent.push(input.value);
          return { return: false, attemps: 1 };
        }),
      },
    });
    const actor = createActor(machine, { input: { success: false, attempts: 0 } }).start();
    actor.send({ type: 'value.change', value: '7'.repeat(70) });
    expect(actor.getSnapshot().context.value).toBe('7'.repeat(64));
    actor.send({ type: 'value.change', value: '  4821 ' });
    actor.send({ type: 'value.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.resets === 1);
    expect(sent).toEqual(['4821']);
    actor.stop();
  });
});
