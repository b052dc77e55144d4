// @vitest-environment jsdom
import { createInspector, type StatelyInspectionEvent } from '@statelyai/inspect';
import { createActor } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { loginMachine } from '../../../machines/login/login.machine';
import { sanitiseContext } from '../../../machines/inspection/context-allow';
import { REPLAY_EVENT } from '../../../machines/inspection/protocol';
import { SANDBOX_BANNER_ID } from '../../../core/sandbox-note';
import { statelyAllowed, statelySink } from './inspector-stately';

/** Stately's own inspector with an adapter that keeps what it would send to stately.ai/inspect */
function stately() {
  const sent: StatelyInspectionEvent[] = [];
  const inspector = createInspector({ send: (event) => void sent.push(event) });
  return { inspector, sent };
}

const needs = { replayEvent: REPLAY_EVENT, sandboxBannerId: SANDBOX_BANNER_ID, development: false };

afterEach(() => {
  document.body.innerHTML = '';
});

describe("Stately's inspector beside ours (issue 34 §3)", () => {
  const login = createActor(loginMachine, { input: {} });
  const source = { source: 'tab', actorId: login.sessionId, machineId: 'login' };

  it('speaks its protocol: the actor with its definition, then each event and the snapshot it led to', () => {
    const { inspector, sent } = stately();
    const sink = statelySink(inspector, (id) => (id === login.sessionId ? login : undefined), needs);
    sink({ ...source, kind: '@xstate.actor', name: 'login', parentId: null, page: '/en/login' });
    sink({ ...source, kind: '@xstate.snapshot', value: 'editing', status: 'active', event: REPLAY_EVENT, context: { shakes: 0 } });
    sink({ ...source, kind: '@xstate.microstep', event: 'login.submit', transitions: [] });
    sink({ ...source, kind: '@xstate.snapshot', value: 'platformLogin', status: 'active', event: 'login.submit', context: { shakes: 0, factor: '' } });
    expect(sent.map((e) => e.type)).toEqual(['@xstate.actor', '@xstate.snapshot', '@xstate.event', '@xstate.snapshot']);
    const [actor, replay, event, snapshot] = sent;
    expect(actor).toMatchObject({ type: '@xstate.actor', sessionId: login.sessionId, name: 'login', parentId: undefined });
    expect(JSON.parse((actor as { definition: string }).definition)).toMatchObject({ id: 'login' });
    expect(replay).toMatchObject({ type: '@xstate.snapshot', sessionId: login.sessionId, snapshot: { value: 'editing', context: { shakes: 0 } } });
    expect(event).toMatchObject({ type: '@xstate.event', sessionId: login.sessionId, event: { type: 'login.submit' } });
    expect(snapshot).toMatchObject({ type: '@xstate.snapshot', event: { type: 'login.submit' }, snapshot: { value: 'platformLogin', status: 'active', context: { shakes: 0, factor: '' } } });
    for (const e of sent) expect(typeof e.createdAt).toBe('string');
  });

  it('gets the allow-list’s context only: what the explorer gets, never the typed password', () => {
    const { inspector, sent } = stately();
    const context = sanitiseContext('login', { email: 'trader@example.com', password: 'Trader-2026', shakes: 1, factor: 'totp', error: null });
    statelySink(inspector, () => undefined, needs)({ ...source, kind: '@xstate.snapshot', value: 'editing', status: 'active', event: 'login.fail', context });
    const wire = JSON.stringify(sent);
    expect(wire).not.toContain('Trader-2026');
    expect(wire).not.toContain('trader@example.com');
    expect(sent.at(-1)).toMatchObject({ snapshot: { context: { shakes: 1, factor: 'totp' } } });
  });

  it('a promise actor has no definition; a page leaving sends nothing', () => {
    const { inspector, sent } = stately();
    const sink = statelySink(inspector, () => undefined, needs);
    sink({ source: 'tab', actorId: 'x:9', machineId: '', kind: '@xstate.actor', name: 'platformLogin', parentId: login.sessionId, page: '/en/login' });
    sink({ kind: 'bye', source: 'tab' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: '@xstate.actor', sessionId: 'x:9', parentId: login.sessionId, rootId: login.sessionId, definition: undefined });
  });

  it('attaches in development, and outside it only on a sandbox page (never in production)', () => {
    expect(statelyAllowed({ ...needs, development: true })).toBe(true);
    expect(statelyAllowed(needs)).toBe(false);
    document.body.innerHTML = `<div id="${SANDBOX_BANNER_ID}">Sandbox</div>`;
    expect(statelyAllowed(needs)).toBe(true);
  });
});
