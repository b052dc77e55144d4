import { describe, expect, it } from 'vitest';
import { fixtures } from './fixtures';
import { additions, formatAdded, minimalCover, parsePathName, sortPaths } from './path-cover';
import { runMachine } from './run';
import type { PathResult, TestPath } from './types';

const path = (input: unknown, ...types: string[]): TestPath => ({
  set: 'edge',
  input,
  steps: ['xstate.init', ...types].map((type) => ({ event: { type }, state: null as never })),
});
const result = (name: string, transitions: string[], states: string[] = []): PathResult => ({ path: path(undefined), line: name, name, transitions, states });

describe('named paths', () => {
  it('sorts by input (in order of appearance), then length, then events, whatever order they come in', () => {
    const paths = [path({ b: 1 }, 'x'), path({ a: 1 }, 'z', 'y'), path({ a: 1 }, 'y'), path({ b: 1 }), path({ a: 1 }, 'b', 'c')];
    const key = (p: TestPath) => `${JSON.stringify(p.input)} ${p.steps.slice(1).map((s) => s.event.type).join('')}`;
    const sorted = sortPaths(paths).map(key);
    expect(sorted).toEqual(['{"b":1} ', '{"b":1} x', '{"a":1} y', '{"a":1} bc', '{"a":1} zy']);
    // the inputs keep the order they come in (the model's); within one, the order is fixed
    expect(sortPaths([...paths].reverse()).map(key)).toEqual(['{"a":1} y', '{"a":1} bc', '{"a":1} zy', '{"b":1} ', '{"b":1} x']);
  });

  it('names every replayed path <machine>#<n> in the same order on every run, with what it covered', () => {
    const one = runMachine('checkout', fixtures.checkout);
    const two = runMachine('checkout', fixtures.checkout);
    expect(one.results!.map((r) => r.name)).toEqual(one.results!.map((_, i) => `checkout#${i + 1}`));
    expect(one.results!.map((r) => r.line)).toEqual(two.results!.map((r) => r.line));
    const union = new Set(one.results!.flatMap((r) => r.transitions ?? []));
    expect([...union].sort()).toEqual([...one.transitions.covered].sort());
  });

  it('reads names', () => {
    expect(parsePathName('cascade#17')).toEqual({ machine: 'cascade', n: 17 });
    expect(parsePathName('cascade#0')).toBeUndefined();
    expect(parsePathName('cascade17')).toBeUndefined();
  });

  it('tells what each path adds to the ones before it', () => {
    const added = additions([result('m#1', ['t1', 't2'], ['s1']), result('m#2', ['t2', 't3'], ['s1']), result('m#3', ['t1'])]);
    expect(added).toEqual([
      { name: 'm#1', transitions: ['t1', 't2'], states: ['s1'] },
      { name: 'm#2', transitions: ['t3'], states: [] },
      { name: 'm#3', transitions: [], states: [] },
    ]);
    expect(formatAdded(added[0])).toBe('+2 transitions: t1, t2; +1 state: s1');
    expect(formatAdded(added[2])).toBe('adds nothing new');
    expect(formatAdded({ name: 'x', transitions: ['a', 'b', 'c'], states: [] }, 2)).toBe('+3 transitions: a, b, … 1 more');
  });

  it('picks a minimal set covering what all cover: the biggest first, redundant picks dropped', () => {
    const all = [result('m#1', ['a']), result('m#2', ['a', 'b']), result('m#3', ['c']), result('m#4', ['b', 'c', 'd']), result('m#5', ['a', 'e'])];
    expect(minimalCover(all).map((r) => r.name)).toEqual(['m#4', 'm#5']);
    // the checkout fixture: fewer paths, the same coverage
    const report = runMachine('checkout', fixtures.checkout);
    const cover = minimalCover(report.results!);
    expect(cover.length).toBeLessThan(report.results!.length);
    expect(new Set(cover.flatMap((r) => r.transitions!)).size).toBe(report.transitions.total);
    expect(new Set(cover.flatMap((r) => r.states!)).size).toBe(report.states.total);
  });
});
