import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { pinDigits, VLOAD_FLOOR, voucherMachine } from './voucher.machine';
import type { Redeemed } from './voucher.types';

const REDEEMED: Redeemed = { amount: '250.00', currency: 'USD', voucher: '0001' };

/** the machine with a redeem that records the pin it is asked for and answers `answer` */
function start(answer: () => Promise<Redeemed>, demo = false) {
  const pins: string[] = [];
  const machine = voucherMachine.provide({
    actors: {
      redeem: fromPromise<Redeemed, { pin: string }>(async ({ input }) => {
        pins.push(input.pin);
        return answer();
      }),
    },
  });
  return { actor: createActor(machine, { input: { demo } }).start(), pins };
}

async function submit(pin: string, answer: () => Promise<Redeemed> = async () => REDEEMED) {
  const { actor, pins } = start(answer);
  actor.send({ type: 'pin.change', value: pin });
  actor.send({ type: 'voucher.submit' });
  await waitFor(actor, (s) => !s.matches('redeeming'));
  return { snapshot: actor.getSnapshot(), pins };
}

it('the tab states the Vload floor of spec 001 §9: 250 (the server refuses a voucher worth less)', () => {
  expect(VLOAD_FLOOR).toBe('250');
});

describe('pinDigits', () => {
  it('drops the spaces and dashes typed between the digits', () => {
    expect(pinDigits('1250-0000 0000--0001')).toBe('1250000000000001');
    expect(pinDigits(' 1250\t0000  0000 - 0001 ')).toBe('1250000000000001');
    expect(pinDigits('12a5')).toBe('12a5');
  });
});

describe('voucher machine: the pin', () => {
  it('sends the 16 digits of a pin typed with dashes', async () => {
    const { snapshot, pins } = await submit('1250-0000-0000-0001');
    expect(pins).toEqual(['1250000000000001']);
    expect(snapshot.value).toBe('redeemed');
  });

  it('refuses a pin of 15 or 17 digits, or with a letter before or after its 16 digits, without a call', async () => {
    for (const pin of ['125000000000000', '12500000000000011', 'x1250000000000001', '1250000000000001x']) {
      const { snapshot, pins } = await submit(pin);
      expect(pins, pin).toEqual([]);
      expect(snapshot.value, pin).toBe('editing');
      expect(snapshot.context.error, pin).toEqual({ key: 'vload.pin' });
      expect(snapshot.context.shakes, pin).toBe(1);
    }
  });

  it('keeps at most 40 characters of what is typed', () => {
    const { actor } = start(async () => REDEEMED);
    actor.send({ type: 'pin.change', value: '1'.repeat(50) });
    expect(actor.getSnapshot().context.pin).toBe('1'.repeat(40));
  });

  it('a demo account is blocked before anything is typed', () => {
    const { actor } = start(async () => REDEEMED, true);
    expect(actor.getSnapshot().value).toBe('demoBlocked');
    expect(actor.getSnapshot().status).toBe('done');
  });
});

describe("voucher machine: the server's message or 'Some errors try again later'", () => {
  const refusedWith = async (error: unknown) => (await submit('1250000000000001', () => Promise.reject(error))).snapshot.context.error;
  const http = (status: number, message: string) => ({ kind: 'http', status, error: 'vload.used', message });

  it("a refusal below 500 with a message shows the server's message", async () => {
    expect(await refusedWith(http(499, 'This voucher has already been used.'))).toEqual({ key: 'vload.used', fallback: 'This voucher has already been used.' });
  });

  it('a 5xx, a refusal without a message, a lost connection or anything else is the generic error', async () => {
    for (const error of [http(500, 'Internal'), http(409, ''), { kind: 'network' }, new Error('boom'), { kind: 'other', status: 409, error: 'vload.used', message: 'x' }]) {
      expect(await refusedWith(error), JSON.stringify(error)).toEqual({ key: 'vload.failed' });
    }
  });

  it('each refusal shakes the form once more', async () => {
    const { actor } = start(() => Promise.reject(http(409, 'Used')));
    actor.send({ type: 'pin.change', value: '1250000000000001' });
    actor.send({ type: 'voucher.submit' });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'voucher.submit' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.shakes).toBe(2);
  });
});
