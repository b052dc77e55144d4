import { assign, createMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { fixtures } from './fixtures';
import { dedupe, generatePaths } from './paths';
import { serializeSnapshot } from './serialize';
import { traverse } from './traversal';
import type { TestPath } from './types';

const path = (...types: string[]): TestPath => ({
  set: 'shortest',
  input: undefined,
  steps: ['xstate.init', ...types].map((type) => ({ event: { type }, state: null as never })),
});

describe('paths', () => {
  it('drops paths that are prefixes of others, keeping the order', () => {
    const kept = dedupe([path('a'), path('b'), path('a', 'c'), path(), path('b'), path('a', 'c', 'd')]);
    expect(kept.map((p) => p.steps.slice(1).map((s) => s.event.type).join(''))).toEqual(['b', 'acd']);
  });

  it('keeps a path from another input even when its events are a prefix (an invoice opened already paid)', () => {
    const fromPaid = { ...path(), input: { status: 'su' } };
    const kept = dedupe([path('a', 'b'), fromPaid, path()]);
    expect(kept).toEqual([path('a', 'b'), fromPaid]);
  });

  it('starts every path at the initial snapshot with xstate.init, each step holding the snapshot after it', () => {
    const tr = traverse(fixtures.checkout);
    for (const p of generatePaths(tr, ['shortest', 'edge', 'simple'])) {
      expect(p.steps[0].event.type).toBe('xstate.init');
      expect(serializeSnapshot(p.steps[0].state)).toBe(serializeSnapshot(tr.initial));
    }
  });

  it('stops expanding past maxDepth', () => {
    const full = Object.keys(traverse(fixtures.checkout).adjacency).length;
    const shallow = Object.keys(traverse({ ...fixtures.checkout, maxDepth: 1 }).adjacency).length;
    expect(shallow).toBe(4); // loading, then quoted, unavailable, failed
    expect(full).toBeGreaterThan(shallow);
  });

  it('reports a state space that does not end, and maxDepth bounds it', () => {
    const counter = createMachine({
      id: 'counter',
      context: { n: 0 },
      on: { inc: { actions: assign({ n: ({ context }) => context.n + 1 }) } },
    });
    expect(() => traverse({ machine: counter }, undefined, 1_000)).toThrow(
      'counter: more than 1000 transitions explored; the context grows without end (context.n: 1001 values). Give fewer payload cases, or set maxDepth in the model.',
    );
    expect(Object.keys(traverse({ machine: counter, maxDepth: 3 }).adjacency)).toHaveLength(4);
  });
});
