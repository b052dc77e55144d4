import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { realityCheckMachine } from './reality-check.machine';
import type { RealityCheckRead } from './reality-check.types';
import { minutesIn, realityAnswer } from './reality-check.model';
import { realityCheckSettingMachine } from '../reality-check-setting/reality-check-setting.machine';

const settle = () => new Promise((r) => setTimeout(r, 0));

/** the machine with its reads answered; the due time is checked in context (the delay itself is the model's) */
function run(reads: Array<() => Promise<RealityCheckRead>>) {
  const asked: string[] = [];
  const actor = createActor(
    realityCheckMachine.provide({
      actors: { readCheck: fromPromise(() => (reads.shift() ?? (() => Promise.reject(new Error('no read'))))()) },
      actions: { askAttention: () => void asked.push('ask'), releaseAttention: () => void asked.push('release') },
    }),
  ).start();
  return { actor, asked };
}

describe('reality check: when it falls due', () => {
  it('counts from the session’s start; Continue schedules N minutes after the due time, or the first after now when held longer', async () => {
    const { actor } = run([async () => ({ check: realityAnswer(), now: minutesIn(5) })]);
    await settle();
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(actor.getSnapshot().context.dueAt).toBe(minutesIn(15));
    // the interval changed to 30: from the session's start, at once
    actor.send({ type: 'interval.changed', check: realityAnswer({ minutes: 30 }), now: minutesIn(20) });
    expect(actor.getSnapshot().context.dueAt).toBe(minutesIn(30));
    actor.send({ type: 'interval.changed', check: realityAnswer(), now: minutesIn(14) });
    expect(actor.getSnapshot().context.dueAt).toBe(minutesIn(15));
    expect(actor.getSnapshot().value).toBe('waiting');
  });

  it('asks the arbiter when due, shows the figures read fresh, and Continue schedules the next one', async () => {
    const { actor, asked } = run([
      async () => ({ check: realityAnswer(), now: minutesIn(14, 59) }),
      async () => ({ check: realityAnswer({ trades: 4, net: '8.00' }), now: minutesIn(15, 20) }),
      async () => ({ check: realityAnswer(), now: minutesIn(50) }),
    ]);
    await settle();
    await new Promise((r) => setTimeout(r, 1100));
    expect(actor.getSnapshot().value).toBe('due');
    expect(asked).toEqual(['ask']);
    actor.send({ type: 'attention.granted', now: minutesIn(15, 10) });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ shown: 'figures' });
    expect(actor.getSnapshot().context).toMatchObject({ figures: { trades: 4, net: '8.00', currency: 'USD' }, now: minutesIn(15, 20), shown: 1 });
    actor.send({ type: 'continue', now: minutesIn(16) });
    expect(asked).toEqual(['ask', 'release']);
    expect(actor.getSnapshot().context.dueAt).toBe(minutesIn(30));
  });

  it('held longer than an interval (a long money flow), Continue schedules the first check after now, never at once; a failed read still shows the dialog', async () => {
    const { actor } = run([async () => ({ check: realityAnswer(), now: minutesIn(14, 59, 999) }), () => Promise.reject({ kind: 'network' })]);
    await settle();
    await new Promise((r) => setTimeout(r, 20));
    actor.send({ type: 'attention.granted', now: minutesIn(33) });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ shown: 'failed' });
    expect(actor.getSnapshot().context).toMatchObject({ figures: null, error: { key: 'reality.load_failed' }, now: minutesIn(33) });
    actor.send({ type: 'continue', now: minutesIn(33, 5) });
    expect(actor.getSnapshot().context.dueAt).toBe(minutesIn(45));
  });

  it('Off: nothing falls due', async () => {
    const { actor } = run([async () => ({ check: realityAnswer({ minutes: 0 }), now: minutesIn(5) })]);
    await settle();
    expect(actor.getSnapshot().value).toBe('off');
    expect(actor.getSnapshot().context.dueAt).toBeNull();
  });
});

describe('reality check setting', () => {
  it('sends only an offered interval other than the one in force, and tells the running check', async () => {
    const sent: number[] = [];
    const told: number[] = [];
    const actor = createActor(
      realityCheckSettingMachine.provide({
        actors: {
          readSetting: fromPromise(async () => realityAnswer({ minutes: 60, chosen: false })),
          saveSetting: fromPromise(async ({ input }) => (sent.push(input.minutes), realityAnswer({ minutes: input.minutes, chosen: true }))),
        },
        actions: { told: (_, params) => void told.push(params.answer.minutes) },
      }),
    ).start();
    await settle();
    actor.send({ type: 'minutes.change', minutes: 60 });
    actor.send({ type: 'minutes.change', minutes: 17 });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    actor.send({ type: 'minutes.change', minutes: 15 });
    await settle();
    expect(sent).toEqual([15]);
    expect(told).toEqual([15]);
    expect(actor.getSnapshot().context).toMatchObject({ minutes: 15, chosen: true, saves: 1 });
  });
});
