import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { balanceSyncMachine } from './balance-sync.machine';

/** A balance sync on a simulated clock whose server calls resolve at once. */
function harness(fail = () => false) {
  const clock = new SimulatedClock();
  const posted: string[] = [];
  let broadcasts = 0;
  const actor = createActor(
    balanceSyncMachine.provide({
      actors: {
        postBalance: fromPromise(async ({ input }) => {
          posted.push(input.balance);
          if (fail()) throw { kind: 'network' };
          return { booked: 0 };
        }),
      },
      actions: { broadcastUserUpdate: () => void (broadcasts += 1) },
    }),
    { clock },
  ).start();
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { actor, clock, posted, broadcasts: () => broadcasts, settle };
}

describe('balance sync (002 §9)', () => {
  it('sends at most once a minute, only changed amounts, the latest seen', async () => {
    const h = harness();
    h.actor.send({ type: 'balance.seen', balance: '100.00', all: '100.00' });
    await h.settle();
    expect(h.posted).toEqual(['100.00']);
    // within the minute: remembered, not sent
    h.actor.send({ type: 'balance.seen', balance: '90.00', all: '90.00' });
    h.actor.send({ type: 'balance.seen', balance: '95.00', all: '95.00' });
    h.clock.increment(59_999);
    await h.settle();
    expect(h.posted).toEqual(['100.00']);
    h.clock.increment(1);
    await h.settle();
    expect(h.posted).toEqual(['100.00', '95.00']);
    // the same amount again: nothing to send
    h.clock.increment(60_000);
    h.actor.send({ type: 'balance.seen', balance: '95.00', all: '95.00' });
    await h.settle();
    expect(h.posted).toEqual(['100.00', '95.00']);
    expect(h.actor.getSnapshot().value).toBe('idle');
  });

  it('broadcasts the user update on the 1st update and then every 5th', async () => {
    const h = harness();
    const seen: number[] = [];
    for (let i = 1; i <= 11; i++) {
      h.actor.send({ type: 'balance.seen', balance: `${i}.00`, all: `${i}.00` });
      await h.settle();
      seen.push(h.broadcasts());
      h.clock.increment(60_000);
      await h.settle();
    }
    expect(h.posted).toHaveLength(11);
    // after updates 1..11
    expect(seen).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3]);
  });

  it('a refused sync is tried again after the minute', async () => {
    let failing = true;
    const h = harness(() => failing);
    h.actor.send({ type: 'balance.seen', balance: '100.00', all: '100.00' });
    await h.settle();
    failing = false;
    h.clock.increment(60_000);
    await h.settle();
    expect(h.posted).toEqual(['100.00', '100.00']);
    expect(h.broadcasts()).toBe(1);
  });
});
