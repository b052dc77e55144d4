import { actionsText } from '../../machine-kit/diagram/content';
import type { DiagramEdge, DiagramModel, DiagramNode } from '../../machine-kit/diagram/model';

/**
 * The same machine as a Mermaid `stateDiagram-v2`: compound states as `state X { }`,
 * parallel regions separated by `--`, `[*]` for initial and final, guarded labels.
 * Each transition is written in the block of the lowest container holding both ends,
 * so Mermaid never re-creates a nested state in the wrong block. Pure.
 */

const RESERVED = new Set(['state', 'note', 'end', 'direction', 'class', 'classdef', 'style', 'as', 'left', 'right', 'of', 'root']);

/** Mermaid ids allow word characters only: a state's own key when no other state has it, else its whole path. */
function mermaidIds(model: DiagramModel): Map<string, string> {
  const clean = (s: string) => s.replace(/\W+/g, '_').replace(/^_+|_+$/g, '') || 'state';
  const count = new Map<string, number>();
  for (const node of model.nodes) count.set(clean(node.label), (count.get(clean(node.label)) ?? 0) + 1);
  const ids = new Map<string, string>();
  const used = new Set<string>();
  for (const node of model.nodes) {
    const key = clean(node.label);
    const base = count.get(key) === 1 && !RESERVED.has(key.toLowerCase()) ? key : clean(node.id);
    let id = base;
    for (let i = 2; used.has(id); i++) id = `${base}_${i}`;
    used.add(id);
    ids.set(node.id, id);
  }
  return ids;
}

/** Mermaid label text: one line, no `;` (statement separator), `#` as an entity code. */
export function mermaidText(text: string): string {
  return text
    .replace(/;/g, ',')
    .replace(/#/g, '#35;')
    .replace(/[\r\n]+/g, ' ')
    .trim();
}

export function transitionLabel(edge: DiagramEdge): string {
  return [edge.event, edge.guard ? `[${edge.guard}]` : '', actionsText(edge.actions)].filter(Boolean).join(' ');
}

function selfAndAncestors(byId: Map<string, DiagramNode>, id: string): string[] {
  const out: string[] = [];
  for (let p: string | null = id; p; p = byId.get(p)?.parent ?? null) out.push(p);
  return out;
}

/**
 * The block an edge is written in (null: top level): the lowest state holding both ends, one
 * more up when that is an end itself (a self-loop, or a container to its own child), and above
 * parallel states, whose blocks hold regions only.
 */
function scopeOf(byId: Map<string, DiagramNode>, edge: DiagramEdge): string | null {
  const up = new Set(selfAndAncestors(byId, edge.source));
  let scope = selfAndAncestors(byId, edge.target).find((a) => up.has(a)) ?? null;
  if (scope === edge.source || scope === edge.target) scope = byId.get(scope)?.parent ?? null;
  while (scope && byId.get(scope)?.kind === 'parallel') scope = byId.get(scope)?.parent ?? null;
  return scope;
}

export function toMermaid(model: DiagramModel): string {
  const byId = new Map(model.nodes.map((n) => [n.id, n]));
  const ids = mermaidIds(model);
  const edgesIn = new Map<string | null, DiagramEdge[]>();
  for (const e of model.edges) {
    const scope = scopeOf(byId, e);
    edgesIn.set(scope, [...(edgesIn.get(scope) ?? []), e]);
  }
  const lines: string[] = ['stateDiagram-v2'];
  const write = (depth: number, text: string) => lines.push(`${'  '.repeat(depth)}${text}`);

  const edgeLine = (e: DiagramEdge): string => {
    const label = mermaidText(transitionLabel(e));
    return `${ids.get(e.source)} --> ${ids.get(e.target)}${label ? ` : ${label}` : ''}`;
  };

  /** The inside of a container: initial marker, its children (declared), its edges, finals. */
  const body = (container: DiagramNode, depth: number): void => {
    const children = container.children.map((c) => byId.get(c)!);
    if (container.kind === 'parallel') {
      children.forEach((region, i) => {
        if (i > 0) write(depth, '--');
        declare(region, depth);
      });
    } else {
      for (const child of children) if (child.initial) write(depth, `[*] --> ${ids.get(child.id)}`);
      for (const child of children) declare(child, depth);
      for (const child of children) if (child.kind === 'final') write(depth, `${ids.get(child.id)} --> [*]`);
    }
    for (const e of edgesIn.get(container.id) ?? []) write(depth, edgeLine(e));
  };

  const declare = (node: DiagramNode, depth: number): void => {
    const id = ids.get(node.id)!;
    const label = mermaidText(node.kind === 'history' ? (node.history === 'deep' ? 'H*' : 'H') : node.label);
    write(depth, `state "${label.replace(/"/g, "'")}" as ${id}`);
    if (node.kind === 'history') return;
    const notes = [
      ...(node.entry.length ? [`entry / ${node.entry.join(', ')}`] : []),
      ...(node.exit.length ? [`exit / ${node.exit.join(', ')}`] : []),
      ...node.invokes.map((i) => `invoke: ${i.src}`),
    ];
    if (!node.children.length) {
      if (notes.length) write(depth, `${id} : ${mermaidText(notes.join(' | '))}`);
      return;
    }
    write(depth, `state ${id} {`);
    body(node, depth + 1);
    write(depth, '}');
  };

  const root = byId.get(model.root)!;
  declare(root, 1);
  for (const e of edgesIn.get(null) ?? []) write(1, edgeLine(e));
  return `${lines.join('\n')}\n`;
}
