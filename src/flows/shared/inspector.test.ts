// @vitest-environment jsdom
import { createActor, fromPromise } from 'xstate';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loginMachine } from '../../../machines/login/login.machine';
import { INSPECT_CHANNEL, type InspectMessage } from '../../../machines/inspection/protocol';
import { enableInspection, inspect, inspectionRequested } from './inspector';

const explorer = new BroadcastChannel(INSPECT_CHANNEL);
const received: InspectMessage[] = [];
explorer.onmessage = (e: MessageEvent<InspectMessage>) => received.push(e.data);
afterAll(() => explorer.close());

// promises that never settle: the machine waits where the test wants it
const never = fromPromise(() => new Promise<never>(() => {})) as never;
const login = loginMachine.provide({ actors: { loadAutologin: never, platformLogin: never, sessionLogin: never } });
const kinds = () => received.map((m) => m.kind);

describe('the inspector (app side of live mode)', () => {
  const actor = createActor(login, { input: {}, inspect });

  it('publishes nothing while inspection is off', async () => {
    actor.start();
    await new Promise((r) => setTimeout(r, 50));
    expect(received).toEqual([]);
  });

  it('once on, tells the explorer the actors that already run (replay)', async () => {
    enableInspection();
    await vi.waitFor(() => expect(kinds()).toEqual(['@xstate.actor', '@xstate.snapshot']));
    const [created, snap] = received;
    expect(created).toMatchObject({ kind: '@xstate.actor', machineId: 'login', name: 'login', parentId: null, page: window.location.pathname, actorId: actor.sessionId });
    expect(snap).toMatchObject({ kind: '@xstate.snapshot', value: 'editing', status: 'active', event: 'xstate.replay' });
  });

  it('announces an actor when it starts, never one that is only created (a render React discarded)', async () => {
    received.length = 0;
    const discarded = createActor(login, { input: {}, inspect });
    const started = createActor(login, { input: {}, inspect });
    await new Promise((r) => setTimeout(r, 50));
    expect(received).toEqual([]);
    started.start();
    // what it did while being built (its initial transition) arrives after it, then its first snapshot
    await vi.waitFor(() => expect(kinds()).toEqual(['@xstate.actor', '@xstate.microstep', '@xstate.snapshot']));
    expect(received[0]).toMatchObject({ actorId: started.sessionId, machineId: 'login', parentId: null });
    expect(received[1]).toMatchObject({ actorId: started.sessionId, transitions: [{ source: 'login.boot' }] });
    expect(received[2]).toMatchObject({ actorId: started.sessionId, value: 'editing', status: 'active', event: 'xstate.init' });
    expect(received.some((m) => 'actorId' in m && m.actorId === discarded.sessionId)).toBe(false);
    started.stop();
    await vi.waitFor(() => expect(received.at(-1)).toMatchObject({ actorId: started.sessionId, status: 'stopped' }));
    received.length = 0;
  });

  it('publishes children, microsteps with the transition ids the diagrams use, and snapshots', async () => {
    received.length = 0;
    actor.send({ type: 'login.submit', email: 'trader@example.com', password: 'Trader-2026' });
    await vi.waitFor(() => expect(kinds()).toContain('@xstate.microstep'));
    await vi.waitFor(() => expect(received.filter((m) => m.kind === '@xstate.snapshot' && m.actorId === actor.sessionId)).toHaveLength(1));
    const child = received.find((m) => m.kind === '@xstate.actor');
    expect(child).toMatchObject({ name: 'platformLogin', machineId: '', parentId: actor.sessionId });
    const step = received.find((m) => m.kind === '@xstate.microstep');
    expect(step).toMatchObject({ event: 'login.submit', transitions: [{ id: 'login.editing:login.submit:0', source: 'login.editing', targets: ['login.platformLogin'], eventType: 'login.submit' }] });
    const sources = new Set(received.map((m) => ('source' in m ? m.source : '')));
    expect(sources.size).toBe(1);
    // the login's context as its allow-list shares it: never the e-mail or password just typed
    const snap = received.find((m) => m.kind === '@xstate.snapshot' && m.actorId === actor.sessionId);
    expect(snap).toMatchObject({ context: { shakes: 0, factor: '', passkey: false, withdrawOnly: false } });
    const wire = JSON.stringify(received);
    expect(wire).not.toContain('trader@example.com');
    expect(wire).not.toContain('Trader-2026');
    // a promise actor (not a machine) shares no context
    expect(received.filter((m) => m.kind === '@xstate.snapshot' && m.machineId === '').every((m) => (m as { context?: unknown }).context === null)).toBe(true);
  });

  it('answers an explorer that says hello, and says bye when the page goes', async () => {
    received.length = 0;
    explorer.postMessage({ kind: 'hello' });
    await vi.waitFor(() => expect(received.filter((m) => m.kind === '@xstate.snapshot').map((m) => (m as { value: unknown }).value)).toContain('platformLogin'));
    expect(received.filter((m) => m.kind === '@xstate.actor').map((m) => (m as { name: string }).name).sort()).toEqual(['login', 'platformLogin']);
    received.length = 0;
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(kinds()).toEqual(['bye']));
    actor.stop();
  });

  it('?inspect=1 stays on for the tab, ?inspect=0 turns it off', () => {
    window.history.replaceState(null, '', '/en/login?inspect=1');
    expect(inspectionRequested()).toBe(true);
    window.history.replaceState(null, '', '/en/trading');
    expect(inspectionRequested()).toBe(true);
    window.history.replaceState(null, '', '/en/trading?inspect=0');
    expect(inspectionRequested()).toBe(false);
    window.history.replaceState(null, '', '/en/trading');
    expect(inspectionRequested()).toBe(false);
  });
});
