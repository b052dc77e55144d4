import type { DiagramLayout, Point, Rect } from '../../machine-kit/diagram/layout';
import type { DiagramModel } from '../../machine-kit/diagram/model';

/**
 * Readability checks on a finished layout: an edge that runs through a state it does not
 * connect, or through another edge's label, or two labels on top of each other. Pure.
 */
export interface LayoutProblem {
  edge: string;
  kind: 'crosses-state' | 'crosses-label' | 'labels-overlap';
  other: string;
}

const SLACK = 1;

function segmentHits(a: Point, b: Point, r: Rect): boolean {
  const [x1, x2] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
  const [y1, y2] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
  return x2 > r.x + SLACK && x1 < r.x + r.width - SLACK && y2 > r.y + SLACK && y1 < r.y + r.height - SLACK;
}

function rectsOverlap(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width - SLACK && b.x < a.x + a.width - SLACK && a.y < b.y + b.height - SLACK && b.y < a.y + a.height - SLACK;
}

export function layoutProblems(model: DiagramModel, layout: DiagramLayout): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const leaves = model.nodes.filter((n) => !n.children.length);
  const labelled = Object.entries(layout.edges).filter(([, e]) => e.label);
  for (const edge of model.edges) {
    const route = layout.edges[edge.id];
    if (!route) continue;
    for (let i = 0; i < route.points.length - 1; i++) {
      const [a, b] = [route.points[i], route.points[i + 1]];
      for (const n of leaves) {
        if (n.id !== edge.source && n.id !== edge.target && segmentHits(a, b, layout.nodes[n.id])) {
          problems.push({ edge: edge.id, kind: 'crosses-state', other: n.id });
        }
      }
      for (const [other, o] of labelled) {
        if (other !== edge.id && segmentHits(a, b, o.label!)) problems.push({ edge: edge.id, kind: 'crosses-label', other });
      }
    }
  }
  labelled.forEach(([id, e], i) => {
    for (const [other, o] of labelled.slice(i + 1)) {
      if (rectsOverlap(e.label!, o.label!)) problems.push({ edge: id, kind: 'labels-overlap', other });
    }
  });
  return problems;
}
