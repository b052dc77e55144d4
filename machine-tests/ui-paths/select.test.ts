import { describe, expect, it } from 'vitest';
import type { MachineModel } from '../../machine-kit/types';
import { parseStop } from '../../machine-kit/walks';
import { eventKey, selectPaths, shareOf, transitionEventKey, walkPaths } from './select';
import { TINY, tiny } from './tiny-machine';
import type { UiBinding } from './types';

const model: MachineModel = { machine: tiny, actors: { load: [{ output: 1 }, { error: 'down' }] } };

const noop = async () => {};
const binding = (over: Partial<UiBinding> = {}): UiBinding => ({
  machine: 'tiny',
  start: noop,
  events: { go: noop, rest: noop, 'load.done': noop, 'load.error': noop, 'after:pause': noop },
  states: {},
  ...over,
});

const { done: DONE, error: ERROR } = TINY;
const events = (p: { path: { steps: Array<{ event: { type: string } }> } }) => p.path.steps.slice(1).map((s) => s.event.type);

describe('eventKey and transitionEventKey', () => {
  it('names an actor outcome by its src, a delayed transition by its delay name, anything else by its type', () => {
    const { selected } = selectPaths(binding(), model, new Set());
    const keys = new Set<string>();
    for (const { path } of selected) for (let i = 1; i < path.steps.length; i++) keys.add(eventKey(path.steps[i].event, path.steps[i - 1].state));
    expect([...keys].sort()).toEqual(['after:pause', 'go', 'load.done', 'load.error', 'rest']);
  });

  it('gives the same key from a transition id as the inventory writes it', () => {
    expect(transitionEventKey(tiny, DONE)).toBe('load.done');
    expect(transitionEventKey(tiny, ERROR)).toBe('load.error');
    expect(transitionEventKey(tiny, 'tiny.idle:go:0')).toBe('go');
    expect(transitionEventKey(tiny, 'tiny.resting:xstate.after.pause.tiny.resting:0')).toBe('after:pause');
  });
});

describe('selectPaths', () => {
  it('covers every transition with paths that each add one not yet covered', () => {
    const { selected, generated } = selectPaths(binding(), model, new Set());
    expect(generated).toBeGreaterThanOrEqual(selected.length);
    const all = new Set(selected.flatMap((s) => [...s.transitions]));
    expect([...all].sort()).toEqual(['tiny.idle:go:0', 'tiny.idle:rest:0', 'tiny.resting:xstate.after.pause.tiny.resting:0', DONE, ERROR].sort());
    const seen = new Set<string>();
    for (const s of selected) {
      expect([...s.transitions].some((t) => !seen.has(t))).toBe(true);
      s.transitions.forEach((t) => seen.add(t));
    }
    expect(selected.every((s) => s.cutAt === undefined)).toBe(true);
  });

  it('cuts a path before the first event the binding cannot cause, and says where', () => {
    const { selected } = selectPaths(binding({ events: { go: noop, rest: noop, 'load.done': noop, 'load.error': noop } }), model, new Set());
    const resting = selected.find((s) => events(s).includes('rest'));
    expect(resting).toBeDefined();
    expect(selected.flatMap(events)).not.toContain('xstate.after.pause.tiny.resting');
    const cut = selected.filter((s) => s.cutAt !== undefined);
    expect(cut.length).toBeGreaterThan(0);
    for (const s of cut) expect(s.path.steps).toHaveLength(s.cutAt!);
  });

  it('drops a path through a transition with a reason, and paths the binding calls infeasible', () => {
    const withReason = selectPaths(binding({ reasons: { [ERROR]: 'the UI cannot fail the load' } }), model, new Set());
    expect(withReason.selected.some((s) => s.transitions.has(ERROR))).toBe(false);
    expect(withReason.selected.some((s) => s.transitions.has(DONE))).toBe(true);
    const noRest = selectPaths(binding({ feasible: (p) => !p.steps.some((s) => s.event.type === 'rest') }), model, new Set());
    expect(noRest.selected.some((s) => s.transitions.has('tiny.idle:rest:0'))).toBe(false);
    expect(noRest.selected.some((s) => s.transitions.has(DONE))).toBe(true);
  });

  it('cuts a path before a step the binding says the page cannot take there, and keeps its prefix', () => {
    const noRest = selectPaths(binding({ stepFeasible: (step) => step.event.type !== 'rest' }), model, new Set());
    expect(noRest.selected.flatMap(events)).not.toContain('rest');
    expect(noRest.selected.some((s) => s.transitions.has(DONE))).toBe(true);
    for (const s of noRest.selected.filter((x) => x.cutAt !== undefined)) expect(s.path.steps).toHaveLength(s.cutAt!);
  });

  it('stops at maxPaths, picking the path that adds the most first', () => {
    const all = selectPaths(binding(), model, new Set()).selected;
    const one = selectPaths(binding({ maxPaths: 1 }), model, new Set()).selected;
    expect(one).toHaveLength(1);
    expect(one[0].transitions.size).toBe(Math.max(...all.map((s) => s.transitions.size)));
  });

  it('skips the inputs it is told to skip', () => {
    const { selected, generated } = selectPaths(binding(), model, new Set([JSON.stringify(null)]));
    expect([selected.length, generated]).toEqual([0, 0]);
  });
});

describe('walkPaths', () => {
  it('walks only the events the binding can cause, through no transition it gives a reason for, as the same seed again', () => {
    const stop = parseStop('length>=30');
    const without = { ...binding().events } as Record<string, unknown>;
    delete without['after:pause'];
    const w = walkPaths(binding({ events: without as UiBinding['events'], reasons: { [ERROR]: 'the page cannot fail the load' } }), model, { kind: 'random', seed: 4 }, stop);
    const taken = w.selected.flatMap(events);
    expect(taken.length).toBeGreaterThan(0);
    expect(taken.some((t) => t.startsWith('xstate.after'))).toBe(false);
    for (const s of w.selected) expect(s.transitions.has(ERROR)).toBe(false);
    const again = walkPaths(binding({ events: without as UiBinding['events'], reasons: { [ERROR]: 'the page cannot fail the load' } }), model, { kind: 'random', seed: 4 }, stop);
    expect(again.selected.map(events)).toEqual(w.selected.map(events));
  });
});

describe('shareOf', () => {
  it('splits the bindings into shares of about equal paths, every one in exactly one share, in their own order', () => {
    const items = [{ id: 'a', n: 11 }, { id: 'b', n: 6 }, { id: 'c', n: 23 }, { id: 'd', n: 15 }, { id: 'e', n: 3 }, { id: 'f', n: 8 }];
    const one = shareOf(items, (x) => x.n, 1, 2);
    const two = shareOf(items, (x) => x.n, 2, 2);
    expect([...one, ...two].map((x) => x.id).sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    const sum = (xs: typeof items) => xs.reduce((a, x) => a + x.n, 0);
    expect(Math.abs(sum(one) - sum(two))).toBeLessThanOrEqual(3);
    expect(one.map((x) => x.id)).toEqual(items.filter((x) => one.includes(x)).map((x) => x.id));
    expect(shareOf(items, (x) => x.n, 1, 1)).toEqual(items);
  });
});
