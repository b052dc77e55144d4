import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { MUST_TAG, SPEC_DEVIATIONS, SPEC_RULES, readSpecMeta } from '../machines/spec-rules';
import { buildSpecCoverage, collectTags, SPEC_JSON, SPEC_MD, specFiles } from './spec-coverage';

describe('the spec rules (machines/spec-rules.ts)', () => {
  it('names each rule once, in document order within its section', () => {
    const ids = SPEC_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const file of ['000', '001', '002']) {
      for (const section of [4, 5, 8, 9]) {
        const numbers = SPEC_RULES.filter((r) => r.file === file && r.section === section).map((r) => Number(r.id.split('.').pop()));
        expect(numbers.length, `${file} §${section}`).toBeGreaterThan(0);
        expect(numbers).toEqual(numbers.map((_, i) => i + 1));
      }
    }
  });

  it('has an English and a Russian title for every rule and deviation reason', () => {
    for (const r of SPEC_RULES) {
      expect(r.title.en.trim(), r.id).not.toBe('');
      expect(r.title.ru, r.id).toMatch(/[а-яё]/i);
    }
    for (const d of SPEC_DEVIATIONS) expect(d.reason.ru, d.id).toMatch(/[а-яё]/i);
  });

  it('ties every deviation to rules that name it back', () => {
    const deviations = new Set(SPEC_DEVIATIONS.map((d) => d.id));
    for (const r of SPEC_RULES.filter((x) => x.deviation)) expect(deviations.has(r.deviation!), r.id).toBe(true);
    for (const d of SPEC_DEVIATIONS) {
      for (const id of d.rules) expect(SPEC_RULES.find((r) => r.id === id), `${d.id} → ${id}`).toBeDefined();
      const named = SPEC_RULES.filter((r) => r.deviation === d.id).map((r) => r.id);
      for (const id of named) expect(d.rules, d.id).toContain(id);
    }
  });

  it('reads a meta: a list or one string; anything else is nothing', () => {
    expect(readSpecMeta({ spec: ['000 §4.1'], deviation: 'spec README item 4' })).toEqual({ spec: ['000 §4.1'], deviation: ['spec README item 4'] });
    expect(readSpecMeta({ spec: [1, '002 §4.2'] })).toEqual({ spec: ['002 §4.2'], deviation: [] });
    expect(readSpecMeta(undefined)).toEqual({ spec: [], deviation: [] });
  });
});

describe('spec coverage (docs/coverage/spec.json)', () => {
  const report = buildSpecCoverage();

  it('every tag names a known rule or deviation', () => {
    expect(report.unknown).toEqual([]);
  });

  it('no rule of 000 §4 or 002 §4 is untagged', () => {
    expect(MUST_TAG).toEqual([
      { file: '000', section: 4 },
      { file: '002', section: 4 },
    ]);
    expect(report.summary.mustTagUntagged).toEqual([]);
    for (const r of report.rules.filter((x) => x.section === 4 && x.file !== '001')) expect(r.tags.length, r.id).toBeGreaterThan(0);
  });

  it('lists the untagged rules instead of hiding them', () => {
    expect(report.untagged.length).toBe(report.summary.untagged);
    expect(report.summary.tagged + report.summary.untagged).toBe(SPEC_RULES.length);
    for (const id of report.untagged) expect(report.rules.find((r) => r.id === id)?.tags).toEqual([]);
  });

  it('places every tagged transition in its source, so the mutation mark is decided on its lines', () => {
    const unlocated = report.rules.flatMap((r) => r.tags.filter((t) => t.mutation === 'unlocated' || !t.lines).map((t) => `${t.machine} ${t.id}`));
    expect(unlocated).toEqual([]);
  });

  it('shows the deviations named in the spec README on the transitions that take them', () => {
    const tags = (id: string) => report.deviations.find((d) => d.id === id)?.tags ?? [];
    expect(tags('spec README item 4')).toContain('cascade/cascade.deciding:always:6');
    expect(tags('docs/funding.md: network failure')).toContain('cascade/cascade.starting:xstate.error.actor.0.cascade.starting:3');
    expect(tags('addition: listen deadline')).toContain('listen/listen.active:xstate.after.untilDeadline.listen.active:0');
    expect(tags('addition: fraud check first').length).toBeGreaterThan(0);
  });

  it('the committed docs/coverage/spec.json and spec.md are current (npm run spec-coverage)', () => {
    const { json, md } = specFiles(report);
    expect(readFileSync(SPEC_JSON, 'utf8'), 'run npm run spec-coverage').toBe(json);
    expect(readFileSync(SPEC_MD, 'utf8'), 'run npm run spec-coverage').toBe(md);
  });
});

describe('collectTags', () => {
  it('finds meta on states and on every kind of transition, never on an inert one', () => {
    const machine = createMachine({
      id: 'm',
      initial: 'a',
      states: {
        a: {
          meta: { spec: ['000 §4.1'] },
          on: { go: { target: 'b', meta: { spec: ['000 §4.2'], deviation: 'spec README item 4' } }, noop: { meta: { spec: ['000 §4.3'] } } },
        },
        b: { always: [{ target: 'a', meta: { spec: ['000 §4.4'] } }], after: { 10: { target: 'a', meta: { spec: ['000 §4.5'] } } } },
      },
    });
    const found = collectTags({ m: { machine } });
    expect(found.map((f) => [f.kind, f.id, f.spec.join(), f.deviation.join()])).toEqual([
      ['state', 'm.a', '000 §4.1', ''],
      ['transition', 'm.a:go:0', '000 §4.2', 'spec README item 4'],
      ['transition', 'm.b:xstate.after.10.m.b:0', '000 §4.5', ''],
      ['transition', 'm.b:always:0', '000 §4.4', ''],
    ]);
  });
});
