import { describe, expect, it } from 'vitest';
import { diffCoverage, formatDiff, type CoverageSnapshot } from './coverage-diff';

const count = (covered: string[], uncovered: string[] = []) => ({ total: covered.length + uncovered.length, covered, uncovered });
const file = (machines: Record<string, [string[], string[], string[]?, string[]?]>): CoverageSnapshot => ({
  machines: Object.fromEntries(Object.entries(machines).map(([id, [st, tr, stU = [], trU = []]]) => [id, { states: count(st, stU), transitions: count(tr, trU) }])),
});

describe('coverage diff', () => {
  it('nothing changed: nothing to say, not failing', () => {
    const a = file({ m: [['m', 'm.a'], ['m.a:go:0']] });
    const d = diffCoverage(a, a);
    expect(d).toEqual({ added: [], removed: [], changed: [], failing: false });
    expect(formatDiff(d, 'HEAD~1')).toBe('coverage unchanged against HEAD~1');
  });

  it('a transition still in the machine and no longer covered is lost, and fails', () => {
    const before = file({ m: [['m', 'm.a'], ['t1', 't2']] });
    const after = file({ m: [['m'], ['t1'], ['m.a'], ['t2']] });
    const d = diffCoverage(before, after);
    expect(d.failing).toBe(true);
    expect(d.changed).toEqual([{ id: 'm', states: { lost: ['m.a'], gained: [], removed: [], addedUncovered: [] }, transitions: { lost: ['t2'], gained: [], removed: [], addedUncovered: [] } }]);
    expect(formatDiff(d, 'origin/main')).toContain('LOST 1 transitions (covered at origin/main, not now): t2');
  });

  it('gained, deleted with the code, new and uncovered: reported, not failing; only a lost state does not fail either', () => {
    const before = file({ m: [['m'], ['t1', 'old'], [], ['t2']] });
    const after = file({ m: [['m'], ['t1', 't2', 't3'], [], ['t4']] });
    const d = diffCoverage(before, after);
    expect(d.failing).toBe(false);
    expect(d.changed[0].transitions).toEqual({ lost: [], gained: ['t2', 't3'], removed: ['old'], addedUncovered: ['t4'] });
    const stateOnly = diffCoverage(file({ m: [['m', 'm.a'], ['t']] }), file({ m: [['m'], ['t'], ['m.a']] }));
    expect(stateOnly.failing).toBe(false);
  });

  it('machines added and removed; a removed machine loses its transitions without failing', () => {
    const d = diffCoverage(file({ gone: [['g'], ['g1']], kept: [['k'], ['k1']] }), file({ kept: [['k'], ['k1']], fresh: [['f'], ['f1']] }));
    expect([d.added, d.removed, d.failing]).toEqual([['fresh'], ['gone'], false]);
    const text = formatDiff(d, 'HEAD~1');
    expect(text).toContain('machines added: fresh');
    expect(text).toContain('machines removed: gone');
  });

  it('a run of some machines says nothing of the others', () => {
    const d = diffCoverage(file({ a: [['a'], ['a1']], b: [['b'], ['b1']] }), file({ a: [['a'], ['a1']] }), ['a']);
    expect(d.removed).toEqual([]);
  });
});
