import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { machines } from '../../machines/index';
import { fixtures } from './fixtures/index';
import { toMermaid, transitionLabel, mermaidText } from './mermaid';
import { buildModel } from '../../machine-kit/diagram/model';

const all: Record<string, AnyStateMachine> = {
  ...fixtures,
  ...Object.fromEntries(Object.entries(machines).map(([id, e]) => [id, e.machine])),
};

/** `a --> b : label` lines, as [from, to, label] */
const transitions = (text: string) =>
  text
    .split('\n')
    .map((l) => /^\s*(\w+) --> (\w+)(?: : (.*))?$/.exec(l))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => [m[1], m[2], m[3] ?? ''] as const);

describe.each(Object.entries(all))('Mermaid of %s', (_, machine) => {
  const model = buildModel(machine);
  const text = toMermaid(model);

  it('is a stateDiagram-v2 with balanced blocks', () => {
    expect(text.startsWith('stateDiagram-v2\n')).toBe(true);
    expect((text.match(/\{$/gm) ?? []).length).toBe((text.match(/^\s*\}$/gm) ?? []).length);
    expect((text.match(/\{$/gm) ?? []).length).toBe(model.nodes.filter((n) => n.children.length).length);
  });

  it('writes every transition once, with its event and guard', () => {
    const lines = transitions(text);
    expect(lines).toHaveLength(model.edges.length);
    const labels = lines.map(([, , label]) => label);
    for (const e of model.edges) {
      expect(labels, e.transitionId).toContain(mermaidText(transitionLabel(e)));
      if (e.guard) expect(transitionLabel(e)).toContain(`[${e.guard}]`);
    }
  });

  it('marks initial states and final states with [*]', () => {
    const starts = text.split('\n').filter((l) => /^\s*\[\*\] --> \w+$/.test(l));
    const ends = text.split('\n').filter((l) => /^\s*\w+ --> \[\*\]$/.test(l));
    expect(starts).toHaveLength(model.nodes.filter((n) => n.initial).length);
    expect(ends).toHaveLength(model.nodes.filter((n) => n.kind === 'final').length);
  });
});

describe('Mermaid of the cascade fixture', () => {
  const text = toMermaid(buildModel(fixtures.cascade));

  it('nests compound states, separates parallel regions with --, and keeps ids unique', () => {
    expect(text).toMatch(/state listening \{\n\s+\[\*\] --> waiting/);
    expect(text).toMatch(/state verifying3ds \{\n\s+state "challenge" as challenge\n\s+state challenge \{[\s\S]*\}\n\s+--\n\s+state "timer" as timer/);
    expect(text).toContain('idle --> starting : payment.start / storeLastPayment, clearTried, assign');
    expect(text).toContain('deciding --> success : always [isApproved]');
    expect(text).toContain('starting --> starting : error: startProcessor [hasUntriedProcessor && !isFraud] / markTried');
    expect(text).toContain('waiting --> polling : after 5 s (listenInterval)');
    // a container's own transition to its child is written outside the container's block
    expect(text).toMatch(/\}\n {2}cascade --> idle : payment.cancel\n$/);
  });

  it('cleans label text Mermaid would misread', () => {
    expect(mermaidText('a;b #c\nd')).toBe('a,b #35;c d');
  });
});
