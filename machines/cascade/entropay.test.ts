import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { CVV_MIN_LENGTH, entropayMachine } from './entropay.machine';
import type { EntropayInput } from './entropay.types';
import type { ProcessorReply } from '../../core/cascade/processors';

/**
 * Entropay's dialogs as the cascade's run meets them (the cascade's mutation run mutates this file
 * too, and its own paths fake this child): the CVV rule, what is sent, the rejection whatever the
 * server says, the redirect address (mutation score).
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const reply: ProcessorReply = { proc: 'ENTROPAY', return: true, status: 'approved' } as ProcessorReply;

function dialog(input: EntropayInput, opts: { cvvFails?: boolean; rejectFails?: boolean } = {}) {
  const cvvs: Array<{ paymentId: string; cvv: string }> = [];
  const rejects: Array<{ paymentId: string }> = [];
  const machine = entropayMachine.provide({
    actors: {
      sendCvv: fromPromise<ProcessorReply, { paymentId: string; cvv: string }>(async ({ input }) => {
        cvvs.push(input);
        if (opts.cvvFails) throw { kind: 'http', status: 400, error: 'entro.cvv', message: 'Wrong CVV' };
        return reply;
      }),
      reject: fromPromise<unknown, { paymentId: string }>(async ({ input }) => {
        rejects.push(input);
        if (opts.rejectFails) throw { kind: 'network' };
        return { ok: true };
      }),
    },
  });
  return { actor: createActor(machine, { input }).start(), cvvs, rejects };
}

describe('entropay dialogs', () => {
  it('the CVV needs at least 3 characters after trimming; a short one shakes, an edit clears the error', () => {
    expect(CVV_MIN_LENGTH).toBe(3);
    const { actor, cvvs } = dialog({ dialog: 'cvv', paymentId: 'p-1', amount: '250.00' });
    actor.send({ type: 'cvv.submit', cvv: ' 12 ' });
    expect(actor.getSnapshot().value).toBe('cvv');
    expect(actor.getSnapshot().context).toMatchObject({ error: { key: 'entropay.fill_cvv' }, shakes: 1 });
    actor.send({ type: 'cvv.change' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'cvv.submit', cvv: ' 123 ' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(cvvs).toEqual([{ paymentId: 'p-1', cvv: '123' }]);
    actor.stop();
  });

  it('a refused CVV comes back to the dialog with the server’s reason', async () => {
    const { actor } = dialog({ dialog: 'cvv', paymentId: 'p-1', amount: '250.00' }, { cvvFails: true });
    actor.send({ type: 'cvv.submit', cvv: '123' });
    await settle();
    expect(actor.getSnapshot().value).toBe('cvv');
    expect(actor.getSnapshot().context).toMatchObject({ error: { key: 'entro.cvv', fallback: 'Wrong CVV' }, shakes: 1 });
    actor.stop();
  });

  it('an answered CVV ends with the reply', async () => {
    const { actor } = dialog({ dialog: 'cvv', paymentId: 'p-1', amount: '250.00' });
    actor.send({ type: 'cvv.submit', cvv: '123' });
    await settle();
    expect(actor.getSnapshot().output).toEqual({ result: 'answered', url: '/api/entro/redirect?amount=250.00&payment=p-1', reply });
    actor.stop();
  });

  it('Confirm goes to Entropay’s page with the amount and the payment, encoded', () => {
    const { actor } = dialog({ dialog: 'start', paymentId: 'p 1&x', amount: '1 000' });
    expect(actor.getSnapshot().value).toBe('start');
    actor.send({ type: 'entropay.confirm' });
    expect(actor.getSnapshot().output).toEqual({ result: 'redirect', url: '/api/entro/redirect?amount=1%20000&payment=p%201%26x', reply: null });
    actor.stop();
  });

  it('Reject moves on whether or not the server heard it, from either dialog', async () => {
    for (const [input, rejectFails] of [
      [{ dialog: 'start', paymentId: 'p-1', amount: '250.00' }, false],
      [{ dialog: 'start', paymentId: 'p-1', amount: '250.00' }, true],
      [{ dialog: 'cvv', paymentId: 'p-2', amount: '250.00' }, true],
    ] as const) {
      const { actor, rejects } = dialog(input, { rejectFails });
      actor.send({ type: 'entropay.reject' });
      await settle();
      expect(rejects).toEqual([{ paymentId: input.paymentId }]);
      expect(actor.getSnapshot().output).toMatchObject({ result: 'rejected', reply: null });
      actor.stop();
    }
  });
});
