import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { normalizeTip, TIP_SEND_DELAY_MS, tipsMachine } from './tips.machine';
import type { TipSent } from './tips.types';

type TipInput = { value: string; host: string; confirm?: string };

describe('normalizeTip', () => {
  it('gives the exact decimal string that is deducted', () => {
    expect(normalizeTip('50')).toBe('50.00');
    expect(normalizeTip(' 40.5 ')).toBe('40.50');
    expect(normalizeTip('12,05')).toBe('12.05');
    expect(normalizeTip('007')).toBe('7.00');
    expect(normalizeTip('0.01')).toBe('0.01');
  });
  it('refuses what is not an amount above zero', () => {
    for (const bad of ['', '0', '0.00', '-5', '1e3', '12.345', 'abc', '1 000', '1234567']) expect(normalizeTip(bad)).toBe('');
  });
});

describe('tips machine: the confirmed amount goes to the server', () => {
  async function send(value: string, answer: (input: TipInput) => Promise<TipSent>, confirm = true) {
    const calls: TipInput[] = [];
    const clock = new SimulatedClock();
    const machine = tipsMachine.provide({
      actors: {
        sendTip: fromPromise<TipSent, TipInput>(async ({ input }) => {
          calls.push(input);
          return answer(input);
        }),
      },
    });
    const actor = createActor(machine, { input: { host: 'anna' }, clock }).start();
    actor.send({ type: 'tip.change', value });
    actor.send({ type: 'tip.submit' });
    if (confirm && actor.getSnapshot().matches('confirming')) actor.send({ type: 'tip.confirm' });
    clock.increment(TIP_SEND_DELAY_MS);
    await waitFor(actor, (s) => !s.matches('sending') && calls.length > 0);
    return { calls, snapshot: actor.getSnapshot() };
  }
  const thanks = async (input: TipInput): Promise<TipSent> => ({ amount: input.value, currency: 'USD', message: 'Thank you!' });

  it('a tip over 40 is sent with confirm equal to the amount the trader confirmed', async () => {
    const { calls } = await send('41', thanks);
    expect(calls).toEqual([{ value: '41.00', host: 'anna', confirm: '41.00' }]);
  });

  it('a tip of 40 or less needs no confirmation and sends none', async () => {
    const { calls } = await send('40', thanks);
    expect(calls).toEqual([{ value: '40.00', host: 'anna' }]);
  });

  it("the server's tips.confirm refusal names the amount", async () => {
    const refusal = { kind: 'http', status: 409, error: 'tips.confirm', message: 'Please confirm the exact amount: 41.00 USD will be deducted.' };
    const { snapshot } = await send('41', () => Promise.reject(refusal));
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context.error).toEqual({ key: 'tips.confirm', fallback: refusal.message, params: { amount: '41.00' } });
  });

  it("only a tips refusal below 500 shows the server's message; a 5xx or another refusal (csrf) is 'some error'", async () => {
    const http = (status: number, error: string) => ({ kind: 'http', status, error, message: 'From the server' });
    const errorOf = async (failure: unknown) => (await send('5', () => Promise.reject(failure))).snapshot.context.error;
    expect(await errorOf(http(499, 'tips.funds'))).toEqual({ key: 'tips.funds', fallback: 'From the server' });
    for (const failure of [http(500, 'tips.funds'), http(403, 'csrf'), { kind: 'network' }]) {
      expect(await errorOf(failure), JSON.stringify(failure)).toEqual({ key: 'tips.some_error' });
    }
  });
});
