import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { FunnelReport, FunnelStep } from '../../../core/contract/funnel';
import { deviceOf, FUNNEL_FLUSH_MS, privacyAsked, startFunnelReporting, type FunnelReporterDeps } from './funnel-reporter';
import { inspect, setStepListener } from './inspector';

/**
 * The funnel's reporter: the app's actors' transitions (through the one `inspect`), sent in
 * batches on a timer and at the cap; what a page had not sent when it went is kept for the next
 * page of the tab, which sends it first.
 */
describe('funnel reporter', () => {
  const door = createMachine({ id: 'door', initial: 'closed', states: { closed: { on: { open: 'open' } }, open: { on: { close: 'closed' } } } });

  const harness = (kept: FunnelStep[] = [], send?: FunnelReporterDeps['send'], quiet = () => false) => {
    let now = 0;
    const sent: FunnelReport[] = [];
    const timers: { ms: number; run: () => void }[] = [];
    const leaves: (() => void)[] = [];
    let stashed: FunnelStep[] = kept;
    const deps: FunnelReporterDeps = {
      lang: () => 'ru',
      device: () => 'phone',
      now: () => now,
      send:
        send ??
        (async (report) => {
          sent.push(report);
        }),
      every: (ms, run) => {
        timers.push({ ms, run });
        return () => timers.splice(0);
      },
      onLeave: (run) => {
        leaves.push(run);
        return () => leaves.splice(0);
      },
      stash: {
        save: (steps) => (stashed = steps),
        take: () => stashed.splice(0),
      },
      listen: setStepListener,
      quiet,
    };
    const stop = startFunnelReporting(deps);
    return { sent, timers, leaves, stop, stashed: () => stashed, at: (ms: number) => (now = ms) };
  };

  it('sends what the actors did on the timer, nothing when nothing happened', () => {
    const h = harness();
    const actor = createActor(door, { inspect }).start();
    h.at(2500);
    actor.send({ type: 'open' });
    actor.send({ type: 'close' });
    expect(h.timers.map((t) => t.ms)).toEqual([FUNNEL_FLUSH_MS]);
    h.timers[0]!.run();
    expect(h.sent).toEqual([
      {
        lang: 'ru',
        device: 'phone',
        steps: [
          { machine: 'door', transition: 'door.closed:open:0', from: 'door.closed', to: 'door.open', dwellMs: 2500 },
          { machine: 'door', transition: 'door.open:close:0', from: 'door.open', to: 'door.closed', dwellMs: 0 },
        ],
      },
    ]);
    h.timers[0]!.run();
    expect(h.sent).toHaveLength(1);
    h.stop();
  });

  it('sends at the cap at once; keeps what is left for the next page when this one goes; after stop, nothing', () => {
    const h = harness();
    const actor = createActor(door, { inspect }).start();
    for (let i = 0; i < 101; i++) {
      actor.send({ type: 'open' });
      actor.send({ type: 'close' });
    }
    expect(h.sent.map((s) => s.steps.length)).toEqual([200]);
    h.leaves[0]!();
    expect(h.stashed().map((s) => s.transition)).toEqual(['door.closed:open:0', 'door.open:close:0']);
    expect(h.sent).toHaveLength(1);
    h.stop();
    actor.send({ type: 'open' });
    expect(h.timers).toEqual([]);
    expect(h.sent).toHaveLength(1);
  });

  it('the next page sends what the last one kept, first', () => {
    const kept: FunnelStep[] = [{ machine: 'login', transition: 'login.sessionLogin:xstate.done.actor.0.login.sessionLogin:0', from: 'login.sessionLogin', to: 'login.success', dwellMs: 300 }];
    const h = harness([...kept]);
    expect(h.sent).toEqual([{ lang: 'ru', device: 'phone', steps: kept }]);
    expect(h.stashed()).toEqual([]);
    h.stop();
  });

  it('a failed send is dropped, never retried and never thrown into the app', async () => {
    let calls = 0;
    const h = harness([], async () => {
      calls++;
      throw { kind: 'network' };
    });
    const actor = createActor(door, { inspect }).start();
    actor.send({ type: 'open' });
    expect(() => h.timers[0]!.run()).not.toThrow();
    await Promise.resolve();
    h.timers[0]!.run();
    expect(calls).toBe(1);
    h.stop();
  });

  it('a session that can only withdraw reports nothing, not even what an earlier page kept', () => {
    const kept: FunnelStep[] = [{ machine: 'login', transition: 'login.editing:login.submit:0', from: 'login.editing', to: 'login.platformLogin', dwellMs: 10 }];
    const h = harness(kept, undefined, () => true);
    const actor = createActor(door, { inspect }).start();
    actor.send({ type: 'open' });
    h.timers[0]!.run();
    expect(h.sent).toEqual([]);
    h.stop();
  });

  it('classes the viewport and honours the browser’s privacy signals', () => {
    expect([320, 599, 600, 1023, 1024, 1920].map(deviceOf)).toEqual(['phone', 'phone', 'tablet', 'tablet', 'desktop', 'desktop']);
    expect(privacyAsked({ globalPrivacyControl: true })).toBe(true);
    expect(privacyAsked({ doNotTrack: '1' })).toBe(true);
    expect(privacyAsked({ doNotTrack: '0' })).toBe(false);
    expect(privacyAsked({})).toBe(false);
  });
});
