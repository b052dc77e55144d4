import { FONT, LINE, PAD, TEXT_SIZE, TITLE_SIZE, contentWidth, edgeLabelLines, headerHeight, internalEdges, inwardEdges, nodeRows, nodeTitle, type Row } from './content';
import type { DiagramLayout, EdgeLayout, NodeLayout, Point } from './layout';
import type { DiagramEdge, DiagramModel, DiagramNode } from './model';

/**
 * Model + layout → a standalone SVG string. Pure (no DOM, no Node APIs) so the
 * explorer can call it in the browser. States carry `data-state-id`, transitions
 * (edges and the rows of targetless ones) `data-transition-id`. The explorer highlights by
 * adding classes: `active` on a state's groups, `taken` / `covered` / `uncovered` on transitions.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
const n = (v: number): string => String(Math.round(v * 10) / 10);

const STYLE = `
  text { font-family: ${FONT}; fill: #0f172a; }
  .state > rect.box { fill: #ffffff; stroke: #475569; stroke-width: 1.4; }
  .state-compound > rect.box, .state-parallel > rect.box { fill: #f8fafc; }
  .state-root > rect.box { fill: #fdfdfe; stroke: #334155; }
  .state.region > rect.box { fill: #f1f5f9; stroke: #94a3b8; stroke-dasharray: 6 4; }
  .state-final > rect.inner { fill: none; stroke: #475569; stroke-width: 1.2; }
  .state-history > circle { fill: #ffffff; stroke: #475569; stroke-width: 1.4; }
  .header text { paint-order: stroke; stroke: #ffffff; stroke-width: 3px; stroke-linejoin: round; }
  .header.state-compound text, .header.state-parallel text { stroke: #f8fafc; }
  .header.region text { stroke: #f1f5f9; }
  .plate { fill: #f8fafc; }
  .region .plate { fill: #f1f5f9; }
  .state-root .plate { fill: #fdfdfe; }
  .title { font-size: ${TITLE_SIZE}px; font-weight: bold; }
  .tag { font-size: 10px; fill: #64748b; font-style: italic; }
  .row { font-size: ${TEXT_SIZE}px; fill: #334155; }
  .row-invoke { fill: #0e7490; }
  .row-internal { fill: #1e293b; }
  .sep { stroke: #cbd5e1; stroke-width: 1; }
  .transition path { fill: none; stroke: #64748b; stroke-width: 1.3; }
  .transition-always path { stroke-dasharray: 5 3; }
  .label rect { fill: #ffffff; fill-opacity: 0.9; stroke: none; }
  .label text { font-size: ${TEXT_SIZE}px; }
  .label .guard { fill: #7c3aed; }
  .label .actions { fill: #64748b; }
  .initial circle { fill: #0f172a; }
  .initial path { fill: none; stroke: #0f172a; stroke-width: 1.3; }
  .state.active > rect.box, .state.active > circle { stroke: #2563eb; stroke-width: 2.6; }
  .header.active .title { fill: #1d4ed8; }
  .transition.covered path { stroke: #16a34a; }
  .transition.uncovered path { stroke: #dc2626; stroke-dasharray: 2 3; }
  .transition.taken path { stroke: #2563eb; stroke-width: 2.6; }
  .row.covered { fill: #16a34a; }
  .row.uncovered { fill: #dc2626; }
  .row.taken { fill: #2563eb; font-weight: bold; }
`;

/** A polyline with slightly rounded bends. */
function pathOf(points: readonly Point[], radius = 6): string {
  if (points.length < 2) return '';
  let d = `M${n(points[0].x)},${n(points[0].y)}`;
  for (let i = 1; i < points.length - 1; i++) {
    const [a, b, c] = [points[i - 1], points[i], points[i + 1]];
    const r = Math.min(radius, Math.hypot(b.x - a.x, b.y - a.y) / 2, Math.hypot(c.x - b.x, c.y - b.y) / 2);
    const from = towards(b, a, r);
    const to = towards(b, c, r);
    d += ` L${n(from.x)},${n(from.y)} Q${n(b.x)},${n(b.y)} ${n(to.x)},${n(to.y)}`;
  }
  const last = points[points.length - 1];
  return `${d} L${n(last.x)},${n(last.y)}`;
}

function towards(from: Point, to: Point, dist: number): Point {
  const len = Math.hypot(to.x - from.x, to.y - from.y) || 1;
  return { x: from.x + ((to.x - from.x) / len) * dist, y: from.y + ((to.y - from.y) / len) * dist };
}

function rowsSvg(rows: readonly Row[], box: NodeLayout): string {
  return rows
    .map((r, i) => {
      const y = box.y + PAD + LINE + 2 + i * LINE + TEXT_SIZE;
      const attr = r.transitionId ? ` data-transition-id="${esc(r.transitionId)}"` : '';
      return `<text class="row row-${r.kind}"${attr} x="${n(box.x + PAD)}" y="${n(y)}">${esc(r.text)}</text>`;
    })
    .join('');
}

function classesOf(node: DiagramNode): string {
  return ['state', `state-${node.kind}`, node.parent ? '' : 'state-root', node.region ? 'region' : ''].filter(Boolean).join(' ');
}

/** The state's box (drawn under the edges). */
function boxSvg(node: DiagramNode, box: NodeLayout): string {
  const tip = node.description ? `${node.id}: ${node.description}` : node.id;
  const open = `<g class="${classesOf(node)}" data-state-id="${esc(node.id)}"><title>${esc(tip)}</title>`;
  if (node.kind === 'history') {
    const c = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    return `${open}<circle cx="${n(c.x)}" cy="${n(c.y)}" r="${n(box.width / 2)}"/></g>`;
  }
  const rect = (cls: string, inset: number, rx: number) =>
    `<rect class="${cls}" x="${n(box.x + inset)}" y="${n(box.y + inset)}" width="${n(box.width - 2 * inset)}" height="${n(box.height - 2 * inset)}" rx="${rx}"/>`;
  let s = open + rect('box', 0, node.children.length ? 10 : 8);
  if (node.kind === 'final') s += rect('inner', 3.5, 5);
  return `${s}</g>`;
}

/** Title, tag and rows (drawn over the edges, with a halo, so a line entering a container never hides its title). */
function headerSvg(node: DiagramNode, box: NodeLayout, internal: readonly DiagramEdge[]): string {
  const open = `<g class="${classesOf(node)} header" data-state-id="${esc(node.id)}">`;
  if (node.kind === 'history') {
    const c = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    return `${open}<text class="title" text-anchor="middle" x="${n(c.x)}" y="${n(c.y + 4.5)}">${esc(nodeTitle(node))}</text></g>`;
  }
  const rows = nodeRows(node, internal);
  const centred = !node.children.length && rows.length === 0;
  const tx = centred ? box.x + box.width / 2 : box.x + PAD;
  const ty = centred ? box.y + box.height / 2 + TITLE_SIZE * 0.36 : box.y + PAD + TITLE_SIZE - 1;
  let s = open;
  if (node.children.length) {
    // containers: a backing plate under the title and rows hides any edge that crosses them
    const w = Math.min(contentWidth(node, rows), box.width - 2) - 4;
    s += `<rect class="plate" x="${n(box.x + 3)}" y="${n(box.y + 3)}" width="${n(w)}" height="${n(headerHeight(rows) - 4)}" rx="4"/>`;
  }
  s += `<text class="title"${centred ? ' text-anchor="middle"' : ''} x="${n(tx)}" y="${n(ty)}">${esc(nodeTitle(node))}</text>`;
  if (node.kind === 'parallel') s += `<text class="tag" text-anchor="end" x="${n(box.x + box.width - PAD)}" y="${n(ty)}">parallel</text>`;
  if (rows.length) {
    const y = box.y + PAD + LINE + 1;
    s += `<line class="sep" x1="${n(box.x + 1)}" x2="${n(box.x + box.width - 1)}" y1="${n(y)}" y2="${n(y)}"/>`;
    s += rowsSvg(rows, box);
  }
  return `${s}</g>`;
}

function edgeSvg(edge: DiagramEdge, lay: EdgeLayout, inward: boolean): string {
  const attrs = `class="transition transition-${edge.kind}${inward ? ' transition-inward' : ''}" data-transition-id="${esc(edge.transitionId)}" data-edge-id="${esc(edge.id)}"`;
  const lines = edgeLabelLines(edge);
  let s = `<g ${attrs}><title>${esc([edge.eventType || 'always', edge.guard ? `[${edge.guard}]` : '', edge.actions.join(', ')].filter(Boolean).join(' '))}</title>`;
  // an edge that starts on its container's border gets a dot there, so it is not read as arriving
  s += `<path d="${pathOf(lay.points)}"${inward ? ' marker-start="url(#start)"' : ''} marker-end="url(#arrow)"/>`;
  const l = lay.label;
  if (l) {
    s += `<g class="label"><rect x="${n(l.x)}" y="${n(l.y)}" width="${n(l.width)}" height="${n(l.height)}" rx="3"/>`;
    lines.forEach((line, i) => {
      const cls = line.startsWith('/ ') ? 'actions' : line.startsWith('[') ? 'guard' : 'event';
      s += `<text class="${cls}" x="${n(l.x + 4)}" y="${n(l.y + 2 + TEXT_SIZE + i * (LINE - 1) - 1)}">${esc(line)}</text>`;
    });
    s += '</g>';
  }
  return `${s}</g>`;
}

export function renderSvg(model: DiagramModel, layout: DiagramLayout, title = model.id): string {
  const internal = internalEdges(model);
  const inward = inwardEdges(model);
  const boxes: string[] = [];
  const headers: string[] = [];
  for (const node of model.nodes) {
    const box = layout.nodes[node.id];
    if (!box) continue;
    boxes.push(boxSvg(node, box));
    headers.push(headerSvg(node, box, internal.get(node.id) ?? []));
  }
  const lines: string[] = [];
  for (const init of layout.initials) {
    lines.push(
      `<g class="initial" data-initial-of="${esc(init.parent)}" data-initial-target="${esc(init.target)}"><circle cx="${n(init.dot.x)}" cy="${n(init.dot.y)}" r="5"/><path d="${pathOf(init.points)}" marker-end="url(#arrow-initial)"/></g>`,
    );
  }
  for (const edge of model.edges) {
    const lay = layout.edges[edge.id];
    if (lay) lines.push(edgeSvg(edge, lay, inward.has(edge.id)));
  }
  const parts = [...boxes, ...lines, ...headers];
  const marker = (id: string, fill: string) =>
    `<marker id="${id}" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" orient="auto-start-reverse"><path d="M0,1 L9,5 L0,9 z" fill="${fill}"/></marker>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n(layout.width)} ${n(layout.height)}" width="${n(layout.width)}" height="${n(layout.height)}" role="img" aria-label="${esc(`Statechart: ${title}`)}" data-machine-id="${esc(model.id)}">`,
    `<title>${esc(`Statechart: ${title}`)}</title>`,
    `<style>${STYLE}</style>`,
    `<defs>${marker('arrow', '#64748b')}${marker('arrow-initial', '#0f172a')}<marker id="start" viewBox="0 0 10 10" refX="5" refY="5" markerUnits="userSpaceOnUse" markerWidth="9" markerHeight="9"><circle cx="5" cy="5" r="4" fill="#64748b"/></marker></defs>`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    ...parts,
    '</svg>',
  ].join('\n');
}
