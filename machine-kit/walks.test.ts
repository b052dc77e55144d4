import { createMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { CoverageRecorder } from './coverage';
import { fixtures } from './fixtures';
import { replayPath } from './replay';
import { traverse } from './traversal';
import { formatStop, parseStop, parseWalk, seededRandom, walk } from './walks';
import type { MachineModel } from './types';

/** a loop: from a, `heavy` goes to b and `light` to c; both come back with `back` */
const loop: MachineModel = {
  machine: createMachine({
    id: 'loop',
    initial: 'a',
    states: {
      a: { on: { heavy: 'b', light: 'c' } },
      b: { on: { back: 'a' } },
      c: { on: { back: 'a', stop: 'done' } },
      done: { type: 'final' },
    },
  }),
};
const events = (w: ReturnType<typeof walk>) => w.paths.flatMap((p) => p.steps.slice(1).map((s) => s.event.type));

describe('walks', () => {
  it('the same seed gives the same walk, another seed another', () => {
    const tr = traverse(loop);
    const stop = parseStop('length>=60');
    const one = walk(tr, { kind: 'random', seed: 7 }, { stop });
    const again = walk(traverse(loop), { kind: 'random', seed: 7 }, { stop });
    const other = walk(tr, { kind: 'random', seed: 8 }, { stop });
    expect(events(one)).toEqual(events(again));
    expect(events(one)).not.toEqual(events(other));
    expect(seededRandom(1)()).toBe(seededRandom(1)());
  });

  it('each stop condition ends the walk, and says which', () => {
    const tr = traverse(loop);
    const byLength = walk(tr, { kind: 'random', seed: 1 }, { stop: parseStop('length>=25') });
    expect([byLength.length, byLength.stoppedBy]).toEqual([25, 'length>=25']);

    const byEdges = walk(tr, { kind: 'random', seed: 1 }, { stop: parseStop('edges>=100%') });
    expect(byEdges.stoppedBy).toBe('edges>=100%');
    expect(byEdges.transitions.size).toBe(5);

    const byStates = walk(tr, { kind: 'random', seed: 1 }, { stop: parseStop('states>=100%') });
    expect(byStates.stoppedBy).toBe('states>=100%');
    expect([...byStates.states]).toEqual(expect.arrayContaining(['loop.a', 'loop.b', 'loop.c', 'loop.done']));

    const reached = walk(tr, { kind: 'random', seed: 1 }, { stop: parseStop('reached=loop.c') });
    expect(reached.stoppedBy).toBe('reached=loop.c');
    expect(reached.paths.at(-1)!.steps.at(-1)!.state.value).toBe('c');

    let t = 0; // a fake clock: 10 ms per reading
    const timed = walk(tr, { kind: 'random', seed: 1 }, { stop: parseStop('time>=1s'), now: () => (t += 10) });
    expect(timed.stoppedBy).toBe('time>=1000ms');
    expect(timed.length).toBeGreaterThan(50);
    expect(timed.length).toBeLessThan(100);

    // or: the first that holds; and: both must
    expect(walk(tr, { kind: 'random', seed: 1 }, { stop: parseStop('length>=1000|length>=3') }).stoppedBy).toBe('length>=3');
    const both = walk(tr, { kind: 'random', seed: 1 }, { stop: parseStop('reached=loop.b&length>=10') });
    expect(both.length).toBeGreaterThanOrEqual(10);
    expect(both.paths.at(-1)!.steps.at(-1)!.state.value).toBe('b');

    const bounded = walk(tr, { kind: 'random', seed: 1 }, { stop: parseStop('reached=loop.nowhere'), maxLength: 40 });
    expect([bounded.length, bounded.stoppedBy]).toEqual([40, 'max length']);
  });

  it('starts again after a final state, or stops there without restart', () => {
    const tr = traverse(loop);
    const on = walk(tr, { kind: 'random', seed: 3 }, { stop: parseStop('length>=300') });
    expect(on.paths.length).toBeGreaterThan(1);
    expect(on.paths.slice(0, -1).every((p) => p.steps.at(-1)!.state.status === 'done')).toBe(true);
    const off = walk(tr, { kind: 'random', seed: 3 }, { stop: parseStop('length>=300'), restart: false });
    expect([off.paths.length, off.stoppedBy]).toEqual([1, 'dead end']);
  });

  it('a weighted walk prefers the heavier events, and untaken edges when asked', () => {
    const tr = traverse(loop);
    const w = walk(tr, { kind: 'weighted', seed: 5, weights: { heavy: 9, stop: 0 } }, { stop: parseStop('length>=2000') });
    const picked = events(w);
    const heavy = picked.filter((e) => e === 'heavy').length;
    const light = picked.filter((e) => e === 'light').length;
    expect(heavy / (heavy + light)).toBeGreaterThan(0.85);
    expect(picked).not.toContain('stop');
    // never weighed: an even walk takes light about half the time
    const even = events(walk(tr, { kind: 'random', seed: 5 }, { stop: parseStop('length>=2000') }));
    expect(even.filter((e) => e === 'light').length / even.filter((e) => e === 'heavy' || e === 'light').length).toBeGreaterThan(0.35);
    // untaken: every transition soon, although light is nearly weightless
    const fresh = walk(tr, { kind: 'weighted', seed: 5, weights: { light: 0.01 }, untaken: 1000 }, { stop: parseStop('edges>=100%|length>=500') });
    expect(fresh.stoppedBy).toBe('edges>=100%');
    const stale = walk(tr, { kind: 'weighted', seed: 5, weights: { light: 0.01 } }, { stop: parseStop('edges>=100%|length>=500') });
    expect(fresh.length).toBeLessThan(stale.length);
  });

  it('walks only the edges `allow` accepts, and ends where none is left', () => {
    const tr = traverse(loop);
    // as the UI-path runner does for an event its binding cannot cause: `heavy` never walked
    const seen: string[] = [];
    const w = walk(tr, { kind: 'random', seed: 3 }, {
      stop: parseStop('length>=40'),
      allow: (event, _from, transitions) => {
        seen.push(...transitions);
        return event.type !== 'heavy';
      },
    });
    expect(events(w)).not.toContain('heavy');
    expect(events(w)).toContain('light');
    expect(seen.some((id) => id.includes('heavy'))).toBe(true);
    // nothing allowed: a dead start, the walk ends at once
    const none = walk(tr, { kind: 'random', seed: 3 }, { stop: parseStop('length>=40'), allow: () => false });
    expect([none.length, none.stoppedBy]).toEqual([0, 'dead end']);
  });

  it('walks replay on real actors, every run of them', () => {
    const model = fixtures.checkout;
    const w = walk(traverse(model), { kind: 'random', seed: 11 }, { stop: parseStop('edges>=100%|length>=400') });
    const rec = new CoverageRecorder();
    for (const p of w.paths) expect(replayPath(model, p, rec)).toBeUndefined();
    expect(w.paths.every((p) => p.set === 'walk')).toBe(true);
    for (const id of w.transitions) expect(rec.transitions).toContain(id);
  });

  it('reads the walk and stop syntax, and refuses what it cannot read', () => {
    expect(parseWalk('random:seed=7')).toEqual({ kind: 'random', seed: 7 });
    expect(parseWalk('weighted:seed=3,untaken=10,weight:xstate.after.*=0.5,weight:submit=4')).toEqual({
      kind: 'weighted',
      seed: 3,
      untaken: 10,
      weights: { 'xstate.after.*': 0.5, submit: 4 },
    });
    expect(() => parseWalk('zigzag:seed=1')).toThrow(/random:seed=N/);
    expect(() => parseWalk('random:untaken=3')).toThrow(/unknown setting/);
    expect(formatStop(parseStop('edges>=100% | length>=500&reached=x.y|time>=2m'))).toBe('edges>=100%|length>=500&reached=x.y|time>=120000ms');
    expect(() => parseStop('edges>100')).toThrow(/edges>=N%/);
  });
});
