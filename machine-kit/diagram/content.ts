import type { DiagramEdge, DiagramModel, DiagramNode } from './model';

/**
 * What each box and edge label says, and how big that text is. Layout sizes
 * boxes with these numbers and the renderer draws the same lines, so they agree.
 * Widths are Helvetica/Arial metrics (the SVG asks for those fonts first).
 */
export const FONT = 'Helvetica, Arial, "Liberation Sans", sans-serif';
export const TITLE_SIZE = 13;
export const TEXT_SIZE = 11;
export const LINE = 15;
export const PAD = 8;
const MAX_CHARS = 40;

// Helvetica advance widths per 1000 em for ASCII 32..126
const WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556,
  556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** Estimated width in px of `text` at `size` (bold ≈ 10% wider); a little generous so fallback fonts fit too. */
export function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    units += code >= 32 && code <= 126 ? WIDTHS[code - 32] : 1000;
  }
  return (units / 1000) * size * (bold ? 1.1 : 1) * 1.06;
}

/** Shorten to `max` characters with an ellipsis. */
export function shorten(text: string, max = MAX_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** `/ a, b, c` with repeats folded and the list cut to a readable length. */
export function actionsText(actions: readonly string[]): string {
  if (!actions.length) return '';
  const unique = [...new Set(actions)];
  return shorten(`/ ${unique.join(', ')}`);
}

/** The lines of one edge label: event (with the guard when short), `[guard]`, `/ actions`. */
export function edgeLabelLines(edge: DiagramEdge): string[] {
  const guard = edge.guard ? `[${edge.guard}]` : '';
  const lines: string[] = [];
  if (guard && edge.event.length + guard.length + 1 <= 30) lines.push(`${edge.event} ${guard}`);
  else lines.push(shorten(edge.event), ...(guard ? [shorten(guard)] : []));
  const acts = actionsText(edge.actions);
  if (acts) lines.push(acts);
  return lines;
}

export interface Row {
  text: string;
  kind: 'entry' | 'exit' | 'invoke' | 'internal';
  /** for internal (targetless) transitions, drawn as rows instead of loops */
  transitionId?: string;
}

/** Rows written inside a state under its title: entry/exit actions, invoked actors, targetless transitions. */
export function nodeRows(node: DiagramNode, internal: readonly DiagramEdge[]): Row[] {
  const rows: Row[] = [];
  if (node.entry.length) rows.push({ text: shorten(`entry / ${[...new Set(node.entry)].join(', ')}`), kind: 'entry' });
  if (node.exit.length) rows.push({ text: shorten(`exit / ${[...new Set(node.exit)].join(', ')}`), kind: 'exit' });
  for (const inv of node.invokes) {
    const child = inv.machine && inv.machine !== inv.src ? ` (machine ${inv.machine})` : '';
    rows.push({ text: shorten(`invoke: ${inv.src}${child}`), kind: 'invoke' });
  }
  for (const e of internal) {
    const text = [e.event, e.guard ? `[${e.guard}]` : '', actionsText(e.actions)].filter(Boolean).join(' ');
    rows.push({ text: shorten(text, 48), kind: 'internal', transitionId: e.transitionId });
  }
  return rows;
}

/** Targetless transitions grouped by source state. */
export function internalEdges(model: DiagramModel): Map<string, DiagramEdge[]> {
  const map = new Map<string, DiagramEdge[]>();
  for (const e of model.edges) {
    if (!e.internal) continue;
    map.set(e.source, [...(map.get(e.source) ?? []), e]);
  }
  return map;
}

export function nodeTitle(node: DiagramNode): string {
  if (node.kind === 'history') return node.history === 'deep' ? 'H*' : 'H';
  return node.label;
}

/** Height of the title plus rows block at the top of a state. */
export function headerHeight(rows: readonly Row[]): number {
  return PAD + LINE + 2 + rows.length * LINE + (rows.length ? 4 : 0);
}

/** Width needed by the title and rows. */
export function contentWidth(node: DiagramNode, rows: readonly Row[]): number {
  const widths = [textWidth(nodeTitle(node), TITLE_SIZE, true), ...rows.map((r) => textWidth(r.text, TEXT_SIZE))];
  return Math.ceil(Math.max(...widths) + 2 * PAD + 4);
}

/** Edges that leave a container towards one of its own descendants ("in any child state, on X go to Y"). */
export function inwardEdges(model: DiagramModel): Set<string> {
  const parent = new Map(model.nodes.map((n) => [n.id, n.parent]));
  const out = new Set<string>();
  for (const e of model.edges) {
    for (let p = parent.get(e.target); p; p = parent.get(p)) {
      if (p === e.source) out.add(e.id);
    }
  }
  return out;
}
