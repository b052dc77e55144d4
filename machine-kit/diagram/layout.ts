import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { LINE, PAD, TEXT_SIZE, contentWidth, edgeLabelLines, headerHeight, internalEdges, nodeRows, textWidth } from './content';
import type { DiagramModel, DiagramNode } from './model';
import { mainFlow, mainFlowStates } from './main-flow';

/** Absolute coordinates (px) of every box, edge and label. Pure data, JSON-serialisable. */
export interface Point {
  x: number;
  y: number;
}
export interface Rect extends Point {
  width: number;
  height: number;
}
export interface NodeLayout extends Rect {
  /** height of the title + rows block at the top */
  header: number;
}
export interface EdgeLayout {
  points: Point[];
  label?: Rect;
}
export interface InitialLayout {
  /** the compound state whose initial child this marks */
  parent: string;
  target: string;
  dot: Point;
  points: Point[];
}
export interface DiagramLayout {
  width: number;
  height: number;
  nodes: Record<string, NodeLayout>;
  edges: Record<string, EdgeLayout>;
  initials: InitialLayout[];
}

const INIT = '#init';
const DOT = 12;
const MARGIN = 12;

const SPACING: Record<string, string> = {
  'elk.spacing.nodeNode': '28',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.spacing.edgeNode': '14',
  'elk.spacing.edgeEdge': '10',
  'elk.layered.spacing.edgeNodeBetweenLayers': '14',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '10',
  'elk.spacing.edgeLabel': '3',
  'elk.spacing.labelNode': '6',
};

/** labels sit on their edge (the line runs under them), so each label is next to its own edge */
const LABEL: Record<string, string> = { 'elk.edgeLabels.placement': 'CENTER', 'elk.edgeLabels.inline': 'true' };

/** the main flow's edges: kept straight and pointing down (cycles are broken against the others) */
const MAIN_EDGE: Record<string, string> = { 'elk.layered.priority.straightness': '10', 'elk.layered.priority.direction': '10' };

/** read per graph level, so every compound node carries them too */
const LAYERED: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  ...SPACING,
};


type Internal = ReturnType<typeof internalEdges>;

interface Ctx {
  byId: Map<string, DiagramNode>;
  internal: Internal;
  options: Record<string, string>;
  /** each state's place on the main flow (an ancestor of a main-flow state takes its first descendant's place) */
  rank: Map<string, number>;
  /** the main flow's edges */
  main: Set<string>;
}

/** Children in document order, the main flow's first in its order: elk's model order puts them first (left). */
function ordered(ctx: Ctx, children: readonly string[]): string[] {
  const rank = (id: string) => ctx.rank.get(id) ?? Number.MAX_SAFE_INTEGER;
  return children.map((id, i) => ({ id, i })).sort((a, b) => rank(a.id) - rank(b.id) || a.i - b.i).map((c) => c.id);
}

function toElkNode(ctx: Ctx, node: DiagramNode): ElkNode {
  const { byId, internal, options } = ctx;
  const rows = nodeRows(node, internal.get(node.id) ?? []);
  const header = headerHeight(rows);
  const width = contentWidth(node, rows);
  if (node.kind === 'history') return { id: node.id, width: 30, height: 30 };
  if (!node.children.length) return { id: node.id, width: Math.max(width, 72), height: header + PAD - 2 };
  const children = ordered(ctx, node.children).map((c) => toElkNode(ctx, byId.get(c)!));
  if (node.kind === 'compound') children.unshift({ id: node.id + INIT, width: DOT, height: DOT });
  return {
    id: node.id,
    children,
    layoutOptions: {
      ...options,
      'elk.padding': `[top=${header + 10},left=14,bottom=14,right=14]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${width}, ${header + 30})`,
      ...(node.region ? { 'elk.alignment': 'TOP' } : {}),
    },
  };
}

function toElkEdges(model: DiagramModel, main: Set<string>): ElkExtendedEdge[] {
  const drawn = model.edges.filter((e) => !e.internal);
  const edges: ElkExtendedEdge[] = [...drawn.filter((e) => main.has(e.id)), ...drawn.filter((e) => !main.has(e.id))]
    .map((e) => {
      const lines = edgeLabelLines(e);
      const width = Math.ceil(Math.max(...lines.map((l) => textWidth(l, TEXT_SIZE))) + 8);
      return {
        id: e.id,
        sources: [e.source],
        targets: [e.target],
        labels: [{ id: `${e.id}#label`, text: lines.join('\n'), width, height: lines.length * (LINE - 1) + 4, layoutOptions: LABEL }],
        ...(main.has(e.id) ? { layoutOptions: MAIN_EDGE } : {}),
      };
    });
  for (const n of model.nodes) {
    if (n.initial && n.parent) edges.push({ id: n.parent + INIT + '>', sources: [n.parent + INIT], targets: [n.id] });
  }
  return edges;
}

const round = (v: number) => Math.round(v * 10) / 10;

/** elkjs 0.12 has crashing corners (model-order options, ports under INCLUDE_CHILDREN); if one is hit, retry with these */
const FALLBACK: Record<string, string> = {
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.layered.cycleBreaking.strategy': 'GREEDY',
};

let elk: InstanceType<typeof ELK> | undefined;

async function runElk(model: DiagramModel, ctx: Ctx): Promise<ElkNode> {
  const graph: ElkNode = {
    id: '#graph',
    layoutOptions: {
      ...ctx.options,
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
      'elk.padding': `[top=${MARGIN},left=${MARGIN},bottom=${MARGIN},right=${MARGIN}]`,
    },
    children: [toElkNode(ctx, ctx.byId.get(model.root)!)],
    edges: toElkEdges(model, ctx.main),
  };
  elk ??= new ELK();
  return elk.layout(graph);
}

/** Lays the model out with elkjs (layered, compound nodes, edges routed across the hierarchy). */
export async function layoutModel(model: DiagramModel, overrides: Record<string, string> = {}): Promise<DiagramLayout> {
  const byId = new Map(model.nodes.map((n) => [n.id, n]));
  const internal = internalEdges(model);
  const options = { ...LAYERED, ...overrides };
  const main = mainFlow(model);
  const rank = new Map<string, number>();
  mainFlowStates(model, main).forEach((id, i) => {
    for (let n = byId.get(id); n; n = n.parent ? byId.get(n.parent) : undefined) if (!rank.has(n.id)) rank.set(n.id, i);
  });
  const ctx = { byId, internal, rank, main: new Set(main) };
  let out: ElkNode;
  try {
    out = await runElk(model, { ...ctx, options });
  } catch (first) {
    try {
      out = await runElk(model, { ...ctx, options: { ...options, ...FALLBACK } });
    } catch {
      throw new Error(`elkjs could not lay out machine '${model.id}': ${String(first)}`);
    }
  }

  const layout: DiagramLayout = { width: round(out.width ?? 0), height: round(out.height ?? 0), nodes: {}, edges: {}, initials: [] };
  const dots = new Map<string, Point>();
  const walk = (n: ElkNode): void => {
    const rect = { x: round(n.x ?? 0), y: round(n.y ?? 0), width: round(n.width ?? 0), height: round(n.height ?? 0) };
    if (n.id.endsWith(INIT)) dots.set(n.id, { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 });
    else {
      const node = byId.get(n.id)!;
      layout.nodes[n.id] = { ...rect, header: headerHeight(nodeRows(node, internal.get(n.id) ?? [])) };
    }
    n.children?.forEach(walk);
  };
  out.children?.forEach(walk);
  for (const e of out.edges ?? []) {
    const points = (e.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]);
    const rounded = points.map((p) => ({ x: round(p.x), y: round(p.y) }));
    if (e.id.endsWith(INIT + '>')) {
      const parent = e.id.slice(0, -(INIT.length + 1));
      layout.initials.push({ parent, target: e.targets[0], dot: dots.get(parent + INIT)!, points: rounded });
      continue;
    }
    const l = e.labels?.[0];
    layout.edges[e.id] = {
      points: rounded,
      ...(l ? { label: { x: round(l.x ?? 0), y: round(l.y ?? 0), width: round(l.width ?? 0), height: round(l.height ?? 0) } } : {}),
    };
  }
  return layout;
}
