import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { machines } from '../../machines/index';
import { fixtures } from './fixtures/index';
import { layoutModel, type Rect } from '../../machine-kit/diagram/layout';
import { buildModel } from '../../machine-kit/diagram/model';
import { layoutProblems } from './quality';

const all: Record<string, AnyStateMachine> = {
  ...fixtures,
  ...Object.fromEntries(Object.entries(machines).map(([id, e]) => [id, e.machine])),
};

const EPS = 0.5;
const inside = (inner: Rect, outer: Rect) =>
  inner.x >= outer.x - EPS &&
  inner.y >= outer.y - EPS &&
  inner.x + inner.width <= outer.x + outer.width + EPS &&
  inner.y + inner.height <= outer.y + outer.height + EPS;
const overlap = (a: Rect, b: Rect) =>
  a.x < b.x + b.width - EPS && b.x < a.x + a.width - EPS && a.y < b.y + b.height - EPS && b.y < a.y + a.height - EPS;

describe.each(Object.entries(all))('layout of %s', (_, machine) => {
  const model = buildModel(machine);
  const layoutP = layoutModel(model);

  it('gives every state a box, and every drawn edge a route with at least two points', async () => {
    const layout = await layoutP;
    for (const n of model.nodes) expect(layout.nodes[n.id]?.width, n.id).toBeGreaterThan(0);
    for (const e of model.edges.filter((e) => !e.internal)) expect(layout.edges[e.id]?.points.length, e.id).toBeGreaterThanOrEqual(2);
    const initials = model.nodes.filter((n) => n.initial).map((n) => n.id);
    expect(layout.initials.map((i) => i.target).sort()).toEqual(initials.sort());
  });

  it('places children inside their parent, below its title, without overlapping siblings', async () => {
    const layout = await layoutP;
    for (const n of model.nodes) {
      if (!n.parent) continue;
      const box = layout.nodes[n.id];
      const parent = layout.nodes[n.parent];
      expect(inside(box, parent), `${n.id} inside ${n.parent}`).toBe(true);
      expect(box.y, `${n.id} below the title of ${n.parent}`).toBeGreaterThanOrEqual(parent.y + parent.header);
      for (const sibling of model.nodes.filter((s) => s.parent === n.parent && s.id !== n.id)) {
        expect(overlap(box, layout.nodes[sibling.id]), `${n.id} / ${sibling.id}`).toBe(false);
      }
    }
    for (const init of layout.initials) {
      expect(inside({ ...init.dot, width: 0, height: 0 }, layout.nodes[init.parent])).toBe(true);
    }
  });

  it('keeps edge labels apart from each other and from atomic states, and everything on the canvas', async () => {
    const layout = await layoutP;
    const canvas = { x: 0, y: 0, width: layout.width, height: layout.height };
    const labels = Object.entries(layout.edges).flatMap(([id, e]) => (e.label ? [[id, e.label] as const] : []));
    expect(labels.length).toBe(model.edges.filter((e) => !e.internal).length);
    for (const [id, label] of labels) {
      expect(inside(label, canvas)).toBe(true);
      for (const n of model.nodes.filter((n) => !n.children.length)) expect(overlap(label, layout.nodes[n.id]), `${id} on ${n.id}`).toBe(false);
    }
    expect(layoutProblems(model, layout).filter((p) => p.kind === 'labels-overlap')).toEqual([]);
    for (const e of Object.values(layout.edges)) for (const p of e.points) expect(inside({ ...p, width: 0, height: 0 }, canvas)).toBe(true);
  });
});

// the registry's machines change under other hands: `npm run diagrams` warns about them; the fixtures must be clean
describe.each(Object.entries(fixtures))('readability of fixture %s', (_, machine) => {
  it('routes no edge through a state it does not connect or through another label', async () => {
    const model = buildModel(machine);
    expect(layoutProblems(model, await layoutModel(model))).toEqual([]);
  });
});

describe('readability check', () => {
  it('finds an edge through a state, a label and overlapping labels', () => {
    const model = buildModel(fixtures.poller);
    const [a, b] = model.edges.filter((e) => !e.internal);
    const box = (x: number, y: number) => ({ x, y, width: 40, height: 20 });
    const nodes = Object.fromEntries(model.nodes.map((n, i) => [n.id, { ...box(1000 + i * 100, 1000), header: 10 }]));
    nodes[model.nodes.find((n) => n.id !== a.source && n.id !== a.target && !n.children.length)!.id] = { ...box(0, 40), header: 10 };
    const layout = {
      width: 2000,
      height: 2000,
      nodes,
      edges: {
        [a.id]: { points: [{ x: 20, y: 0 }, { x: 20, y: 200 }], label: box(300, 300) },
        [b.id]: { points: [{ x: 0, y: 310 }, { x: 400, y: 310 }], label: box(310, 305) },
      },
      initials: [],
    };
    expect(layoutProblems(model, layout).map((p) => p.kind).sort()).toEqual(['crosses-label', 'crosses-state', 'labels-overlap']);
  });
});
