import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatUiTable, readUiCoverage, toUiCoverage, type Measured } from './report';
import { TINY, tiny } from './tiny-machine';
import type { UiBinding } from './types';

const { go: GO, rest: REST, pause: PAUSE, done: DONE, error: ERROR } = TINY;

const noop = async () => {};
const binding: UiBinding = {
  machine: 'tiny',
  start: noop,
  events: { go: noop, rest: noop, 'load.done': noop, 'load.error': { reason: 'the UI cannot fail the load' } },
  states: {},
  reasons: { [PAUSE]: 'the pause is not bound' },
};

const measured = (transitions: string[], over: Partial<Measured> = {}): Measured => ({
  machine: tiny,
  paths: 2,
  transitions: new Set(transitions),
  states: new Set(['tiny', 'tiny.idle', 'tiny.loading']),
  failures: [],
  bindings: [binding],
  ...over,
});

describe('toUiCoverage', () => {
  it("counts against the machine's inventory and explains what stayed uncovered: the binding's reasons, then its unbound events'", () => {
    const c = toUiCoverage(measured([GO, DONE, REST]));
    expect(c.transitions.total).toBe(5);
    expect(c.transitions.covered.sort()).toEqual([DONE, GO, REST].sort());
    expect(c.transitions.uncovered.sort()).toEqual([ERROR, PAUSE].sort());
    expect(c.reasons).toEqual({ [PAUSE]: 'the pause is not bound', [ERROR]: 'the UI cannot fail the load' });
    expect(c.states.uncovered.sort()).toEqual(['tiny.done', 'tiny.resting']);
    expect(c.ok).toBe(true);
    expect(c.measuredBy).toEqual(['tiny']);
  });

  it('keeps reasons only for uncovered transitions (a reason for a reached one is dropped)', () => {
    const c = toUiCoverage(measured([GO, DONE, REST, PAUSE, ERROR]));
    expect(c.reasons).toEqual({});
    expect(c.ok).toBe(true);
  });

  it('is not ok with an uncovered transition nobody explains, or with a failed path', () => {
    expect(toUiCoverage(measured([GO, DONE])).ok).toBe(false); // rest: bound, not reached, no reason
    const failed = toUiCoverage(measured([GO, DONE, REST], { failures: [{ path: 'go', message: 'step 1: no alert' }] }));
    expect(failed.ok).toBe(false);
    expect(failed.failures).toEqual([{ path: 'go', message: 'step 1: no alert' }]);
  });

  it("does not take another machine's unbound events as reasons (a child measured by its parent's binding)", () => {
    const parent: UiBinding = { ...binding, machine: 'parent', reasons: {} };
    const c = toUiCoverage(measured([GO, DONE, REST], { bindings: [parent] }));
    expect(c.reasons).toEqual({});
    expect(c.ok).toBe(false);
  });
});

describe('formatUiTable and readUiCoverage', () => {
  it('prints the model beside the UI, the reasons and the result per machine', () => {
    const ui = { tiny: toUiCoverage(measured([GO, DONE])), other: toUiCoverage(measured([GO, DONE, REST], { failures: [{ path: 'p', message: 'm' }] })) };
    const table = formatUiTable(ui, { tiny: { transitions: { total: 5, covered: ['a', 'b', 'c', 'd', 'e'], uncovered: [] } } });
    const [head, rule, tinyRow, otherRow] = table.split('\n');
    expect(head.split(/\s{2,}/)).toEqual(['machine', 'model transitions', 'UI transitions', 'UI states', 'reasons', 'paths', 'result']);
    expect(rule).toMatch(/^-+( +-+){6}$/);
    expect(tinyRow.split(/\s{2,}/)).toEqual(['tiny', '5/5 100%', '2/5 40%', '3/5 60%', '2', '2', '1 unexplained']);
    expect(otherRow.split(/\s{2,}/)).toEqual(['other', '—', '3/5 60%', '3/5 60%', '2', '2', '1 failed']);
  });

  it('reads no file, or a broken one, as empty; a good one as written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ui-report-'));
    expect(readUiCoverage(join(dir, 'none.json'))).toEqual({ generatedAt: '', machines: {} });
    writeFileSync(join(dir, 'bad.json'), '{ not json');
    expect(readUiCoverage(join(dir, 'bad.json'))).toEqual({ generatedAt: '', machines: {} });
    const file = { generatedAt: '2026-11-25T00:00:00.000Z', machines: { tiny: toUiCoverage(measured([GO])) } };
    writeFileSync(join(dir, 'ui.json'), JSON.stringify(file));
    expect(readUiCoverage(join(dir, 'ui.json'))).toEqual(file);
  });
});
