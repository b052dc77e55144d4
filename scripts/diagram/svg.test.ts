// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createMachine, type AnyStateMachine } from 'xstate';
import { machines } from '../../machines/index';
import { fixtures } from './fixtures/index';
import { renderMachine } from './render';

const all: Record<string, AnyStateMachine> = {
  ...fixtures,
  ...Object.fromEntries(Object.entries(machines).map(([id, e]) => [id, e.machine])),
};

function parse(svg: string): Document {
  // jsdom's DOMParser (this file runs in the jsdom environment)
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const error = doc.querySelector('parsererror');
  if (error) throw new Error(`not well-formed: ${error.textContent}`);
  return doc;
}

describe.each(Object.entries(all))('SVG of %s', (_, machine) => {
  const rendered = renderMachine(machine);

  it('is well-formed standalone SVG', async () => {
    const { svg } = await rendered;
    const doc = parse(svg);
    expect(doc.documentElement.tagName).toBe('svg');
    expect(doc.documentElement.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
    expect(doc.documentElement.getAttribute('viewBox')).toMatch(/^0 0 \d/);
  });

  it('labels every state and carries data-state-id on each', async () => {
    const { svg, model } = await rendered;
    const doc = parse(svg);
    const texts = [...doc.querySelectorAll('[data-state-id] text.title')].map((t) => t.textContent);
    for (const n of model.nodes) {
      const groups = doc.querySelectorAll(`g.state[data-state-id="${CSS_escape(n.id)}"]`);
      expect(groups.length, n.id).toBe(2); // the box, and the header drawn over the edges
      if (n.kind !== 'history') expect(texts).toContain(n.label);
    }
  });

  it('carries data-transition-id for every transition, drawn as an edge or a row', async () => {
    const { svg, model } = await rendered;
    const doc = parse(svg);
    const ids = new Set([...doc.querySelectorAll('[data-transition-id]')].map((e) => e.getAttribute('data-transition-id')));
    for (const e of model.edges) expect(ids, e.transitionId).toContain(e.transitionId);
    const drawn = model.edges.filter((e) => !e.internal);
    expect(doc.querySelectorAll('g.transition path[marker-end]').length).toBe(drawn.length);
    for (const e of drawn) {
      const g = doc.querySelector(`g.transition[data-edge-id="${CSS_escape(e.id)}"]`);
      expect(g?.querySelector('.label text')?.textContent, e.id).toContain(e.event);
    }
  });
});

const CSS_escape = (s: string) => s.replace(/["\\]/g, '\\$&');

describe('SVG text', () => {
  it('the well-formedness check rejects unbalanced tags and raw ampersands', () => {
    expect(() => parse('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>')).toThrow(/not well-formed/);
    expect(() => parse('<svg xmlns="http://www.w3.org/2000/svg"><text>a & b</text></svg>')).toThrow(/not well-formed/);
  });

  it('escapes state names, events and guards', async () => {
    const m = createMachine({
      id: 'odd<&>',
      initial: 'a "quoted" <state>',
      states: {
        'a "quoted" <state>': { on: { "x<y>&'z'": { target: 'b & c', guard: 'is<ok>' } } },
        'b & c': { type: 'final' },
      },
    });
    const { svg } = await renderMachine(m);
    expect(svg).not.toMatch(/<state>|x<y>|is<ok>|b & c/);
    const doc = parse(svg);
    const texts = [...doc.querySelectorAll('text')].map((t) => t.textContent);
    expect(texts).toContain('a "quoted" <state>');
    expect(texts).toContain('b & c');
    expect(texts.some((t) => t?.includes("x<y>&'z'") && t.includes('[is<ok>]'))).toBe(true);
  });
});
