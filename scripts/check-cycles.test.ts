import { describe, expect, it } from 'vitest';
import { findCycles, importGraph } from './check-cycles';

describe('check-cycles', () => {
  it('finds a circle of three files and a file importing itself, and nothing in a tree', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['d']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(findCycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  it('src has no import circle (type-only and dynamic imports count)', () => {
    const cycles = findCycles(importGraph('src'));
    expect(cycles.map((c) => c.map((f) => f.slice(f.indexOf('src/'))))).toEqual([]);
  });
});
