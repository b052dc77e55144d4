import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { sessionMachine } from './session.machine';
import type { ServerState, SessionSnapshotData } from './session.types';

const settings = { platform: '/platform', toastMs: 5000 } as SessionSnapshotData['settings'];

/** A session on a simulated clock; each load and probe waits until the test settles it. */
function harness() {
  const clock = new SimulatedClock();
  const loads: { resolve: (v: SessionSnapshotData) => void; reject: (e: unknown) => void }[] = [];
  const probes: { resolve: (v: ServerState) => void; reject: (e: unknown) => void }[] = [];
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        loadSession: fromPromise(() => new Promise<SessionSnapshotData>((resolve, reject) => loads.push({ resolve, reject }))),
        probeReady: fromPromise(() => new Promise<ServerState>((resolve, reject) => probes.push({ resolve, reject }))),
      },
    }),
    { clock },
  ).start();
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const state = () => actor.getSnapshot();
  return { actor, clock, loads, probes, settle, state };
}

describe('session: a server still starting (issue 33 §5)', () => {
  it('a quick answer asks nothing more', async () => {
    const h = harness();
    h.clock.increment(1_999);
    h.loads[0].resolve({ user: null, settings });
    await h.settle();
    expect(h.state().value).toBe('signedOut');
    expect(h.probes).toHaveLength(0);
  });

  it('a slow answer asks /readyz after 2 s: migrating, the page says starting; the answer clears it', async () => {
    const h = harness();
    h.clock.increment(2_000);
    expect(h.probes).toHaveLength(1);
    h.probes[0].resolve('starting');
    await h.settle();
    expect(h.state().context.starting).toBe(true);
    expect(h.state().matches({ loading: 'probed' })).toBe(true);
    h.loads[0].resolve({ user: null, settings });
    await h.settle();
    expect(h.state().value).toBe('signedOut');
    expect(h.state().context.starting).toBe(false);
  });

  it('a slow answer from a server that is not starting changes nothing on screen', async () => {
    const h = harness();
    h.clock.increment(2_000);
    h.probes[0].resolve('ready');
    await h.settle();
    expect(h.state().context.starting).toBe(false);
    expect(h.state().matches('loading')).toBe(true);
  });

  it('a failed load while the server migrates loads again at once, still starting; not unavailable', async () => {
    const h = harness();
    h.loads[0].reject({ kind: 'network' });
    await h.settle();
    expect(h.state().value).toBe('checking');
    h.probes[0].resolve('starting');
    await h.settle();
    expect(h.state().matches('loading')).toBe(true);
    expect(h.state().context).toMatchObject({ starting: true, failures: 0 });
    expect(h.loads).toHaveLength(2);
  });

  it('a failed load from a server that is up, or not reached at all, is unavailable (retried with backoff)', async () => {
    for (const probe of ['ready', 'unreached'] as const) {
      const h = harness();
      h.loads[0].reject({ kind: 'network' });
      await h.settle();
      if (probe === 'ready') h.probes[0].resolve('ready');
      else h.probes[0].reject({ kind: 'network' });
      await h.settle();
      expect(h.state().value, probe).toBe('unavailable');
      expect(h.state().context, probe).toMatchObject({ starting: false, failures: 1 });
      h.clock.increment(2_000);
      expect(h.loads, probe).toHaveLength(2);
    }
  });
});
