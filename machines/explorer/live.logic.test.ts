import { describe, expect, it } from 'vitest';
import { actorKey, applyMessage, dropEnded, isInspectMessage, loadSession, MAX_ACTORS, MAX_MOMENTS, momentOf, parseSessionFile, toSessionFile } from './live.logic';
import type { LiveContext } from './live.types';

const empty: LiveContext = { actors: {}, order: [], selected: null, timeline: [], moment: null };
const base = { source: 'tab1', actorId: 'x:0', machineId: 'login' };
const created = { ...base, kind: '@xstate.actor', name: 'login', parentId: null, page: '/en/login' };
const step = (id: string) => ({ ...base, kind: '@xstate.microstep', event: 'login.submit', transitions: [{ id, source: 'login.editing', targets: ['login.platformLogin'], eventType: 'login.submit' }] });
const snap = (value: unknown, status = 'active', event = 'login.submit') => ({ ...base, kind: '@xstate.snapshot', value, status, event });

const run = (...messages: unknown[]): LiveContext => messages.reduce<LiveContext>(applyMessage, empty);

describe('live: the explorer picture of the app actors', () => {
  it('an actor message adds the actor with its page; a child points at its parent', () => {
    const ctx = run(created, { ...base, actorId: 'x:1', machineId: '', kind: '@xstate.actor', name: 'platformLogin', parentId: 'x:0', page: '/en/login' });
    expect(ctx.order).toEqual(['tab1/x:0', 'tab1/x:1']);
    expect(ctx.actors['tab1/x:0']).toMatchObject({ machineId: 'login', page: '/en/login', parentKey: null, ended: false });
    expect(ctx.actors['tab1/x:1']).toMatchObject({ name: 'platformLogin', parentKey: 'tab1/x:0' });
  });

  it('microsteps collect until the snapshot, which makes them the transitions just taken', () => {
    const mid = run(created, snap('editing', 'active', 'xstate.init'), step('login.editing:login.submit:0'));
    expect(mid.actors['tab1/x:0'].taken).toEqual([]);
    expect(mid.actors['tab1/x:0'].pending).toEqual(['login.editing:login.submit:0']);
    const after = applyMessage(mid, snap('platformLogin'));
    expect(after.actors['tab1/x:0']).toMatchObject({ value: 'platformLogin', event: 'login.submit', taken: ['login.editing:login.submit:0'], pending: [] });
    // an event that takes no transition leaves nothing highlighted
    expect(applyMessage(after, snap('platformLogin', 'active', 'login.edit')).actors['tab1/x:0'].taken).toEqual([]);
  });

  it('a snapshot carries the context its machine shares; anything but an object is none', () => {
    const shared = run(created, { ...snap('platformLogin'), context: { shakes: 1, factor: '' } });
    expect(shared.actors['tab1/x:0'].context).toEqual({ shakes: 1, factor: '' });
    for (const context of [null, undefined, 'text', ['a'], 3]) expect(applyMessage(shared, { ...snap('editing'), context }).actors['tab1/x:0'].context, String(context)).toBeNull();
  });

  it('a replayed snapshot (answer to hello) keeps the last event and transitions', () => {
    const ctx = run(created, step('login.editing:login.submit:0'), snap('platformLogin'), snap('platformLogin', 'active', 'xstate.replay'));
    expect(ctx.actors['tab1/x:0']).toMatchObject({ event: 'login.submit', taken: ['login.editing:login.submit:0'] });
  });

  it('a snapshot of an actor not seen yet adds it (the explorer opened late)', () => {
    const ctx = run(snap('editing'));
    expect(ctx.order).toEqual(['tab1/x:0']);
    expect(ctx.actors['tab1/x:0']).toMatchObject({ machineId: 'login', name: 'login', value: 'editing' });
  });

  it('a final snapshot ends the actor; bye ends every actor of that page only', () => {
    expect(run(created, snap('success', 'done')).actors['tab1/x:0'].ended).toBe(true);
    const other = { ...created, source: 'tab2' };
    const ctx = run(created, other, { kind: 'bye', source: 'tab1' });
    expect(ctx.actors['tab1/x:0'].ended).toBe(true);
    expect(ctx.actors['tab2/x:0'].ended).toBe(false);
    // a bye for a page with nothing running changes nothing
    expect(applyMessage(ctx, { kind: 'bye', source: 'tab3' })).toBe(ctx);
  });

  it('ignores what is not an inspection message', () => {
    for (const junk of [null, 'x', 42, {}, { kind: 'hello' }, { kind: '@xstate.snapshot', source: 1 }, { ...base, kind: '@xstate.microstep', transitions: [{}] }, { ...base, kind: 'other' }]) {
      expect(applyMessage(empty, junk)).toBe(empty);
    }
    expect(isInspectMessage({ kind: 'hello' })).toBe(true);
    expect(isInspectMessage({ kind: 'bye' })).toBe(false);
  });

  it('dropEnded forgets ended actors and a selection among them', () => {
    const ctx = { ...run(created, { ...created, actorId: 'x:5' }, { ...snap('success', 'done'), actorId: 'x:5' }), selected: 'tab1/x:5' };
    const dropped = dropEnded(ctx);
    expect(dropped.order).toEqual(['tab1/x:0']);
    expect(dropped.selected).toBeNull();
    expect(dropEnded({ ...ctx, selected: 'tab1/x:0' }).selected).toBe('tab1/x:0');
  });

  it(`keeps at most ${MAX_ACTORS} actors, dropping the oldest ended ones`, () => {
    let ctx = empty;
    for (let i = 0; i < MAX_ACTORS + 20; i++) {
      ctx = applyMessage(ctx, { ...created, actorId: `x:${i}` });
      if (i < 30) ctx = applyMessage(ctx, { ...snap('success', 'done'), actorId: `x:${i}` });
    }
    expect(ctx.order).toHaveLength(MAX_ACTORS);
    expect(ctx.order[0]).toBe(actorKey('tab1', 'x:20'));
    expect(Object.keys(ctx.actors)).toHaveLength(MAX_ACTORS);
  });

  it('the timeline keeps every snapshot after an event in order, with the event, the state, the transitions and the context', () => {
    const ctx = run(
      created,
      { ...snap('editing', 'active', 'xstate.replay') },
      step('login.editing:login.submit:0'),
      { ...snap('platformLogin'), time: 1_000, context: { shakes: 0 } },
      { ...snap('sessionLogin', 'active', 'xstate.done.actor.0.login.platformLogin'), time: 1_250 },
    );
    // a replay (the answer to hello) is the present, not a step: no moment
    expect(ctx.timeline.map((m) => [m.seq, m.event, m.value, m.time])).toEqual([
      [1, 'login.submit', 'platformLogin', 1_000],
      [2, 'xstate.done.actor.0.login.platformLogin', 'sessionLogin', 1_250],
    ]);
    expect(ctx.timeline[0]).toMatchObject({ key: 'tab1/x:0', machineId: 'login', taken: ['login.editing:login.submit:0'], context: { shakes: 0 } });
    expect(momentOf(ctx, 2)?.value).toBe('sessionLogin');
    expect(momentOf(ctx, 3)).toBeUndefined();
    expect(momentOf(ctx, null)).toBeUndefined();
    // a message without a time (an older app) is a moment at 0
    expect(applyMessage(ctx, snap('success', 'done')).timeline.at(-1)).toMatchObject({ seq: 3, time: 0, status: 'done' });
  });

  it(`keeps the last ${MAX_MOMENTS} moments; their numbers go on`, () => {
    let ctx = run(created);
    for (let i = 0; i < MAX_MOMENTS + 5; i++) ctx = applyMessage(ctx, snap(`s${i}`));
    expect(ctx.timeline).toHaveLength(MAX_MOMENTS);
    expect(ctx.timeline[0].seq).toBe(6);
    expect(ctx.timeline.at(-1)?.seq).toBe(MAX_MOMENTS + 5);
  });

  it('a session saved as a file opens again as it was, nothing selected; another file is refused', () => {
    const ctx = { ...run(created, { ...snap('platformLogin'), time: 5, context: { shakes: 1 } }), selected: 'tab1/x:0', moment: 1 };
    const file = JSON.parse(JSON.stringify(toSessionFile(ctx))) as unknown;
    const opened = parseSessionFile(file);
    expect(opened).not.toBeNull();
    expect(loadSession(opened!)).toEqual({ actors: ctx.actors, order: ctx.order, timeline: ctx.timeline, selected: null, moment: null });
    for (const bad of [null, 'text', [], { kind: 'brokerage-live-session', version: 2, actors: {}, order: [], timeline: [] }, { kind: 'other', version: 1 }, { ...(file as object), order: ['nobody'] }, { ...(file as object), timeline: [{ seq: 'one' }] }]) {
      expect(parseSessionFile(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});

