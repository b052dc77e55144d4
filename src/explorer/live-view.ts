import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { LiveActor, LiveContext } from '../../machines/explorer/live.types';

/** The ids of the state nodes a state value makes active (root first). */
export function activeStateIds(machine: AnyStateMachine, value: unknown): string[] {
  const out = [machine.root.id];
  const walk = (node: AnyStateNode, v: unknown): void => {
    if (typeof v === 'string') {
      const child = node.states[v];
      if (child) out.push(child.id);
      return;
    }
    if (v && typeof v === 'object') {
      for (const [key, sub] of Object.entries(v as Record<string, unknown>)) {
        const child = node.states[key];
        if (!child) continue;
        out.push(child.id);
        walk(child, sub);
      }
    }
  };
  walk(machine.root, value);
  return out;
}

export interface ActorRow {
  actor: LiveActor;
  depth: number;
}

/** Actors as a tree: each root in arrival order, its children (and theirs) right under it. */
export function actorTree(ctx: LiveContext): ActorRow[] {
  const children = new Map<string | null, string[]>();
  for (const key of ctx.order) {
    const parent = ctx.actors[key].parentKey;
    const p = parent !== null && parent in ctx.actors ? parent : null;
    children.set(p, [...(children.get(p) ?? []), key]);
  }
  const rows: ActorRow[] = [];
  const visit = (key: string, depth: number) => {
    rows.push({ actor: ctx.actors[key], depth });
    for (const child of children.get(key) ?? []) visit(child, depth + 1);
  };
  for (const root of children.get(null) ?? []) visit(root, 0);
  return rows;
}

/**
 * The actor the live diagram shows: the analyst's pick, else the latest running actor whose
 * machine the explorer knows (else the latest such actor at all).
 */
export function followedActor(ctx: LiveContext, known: (machineId: string) => boolean): LiveActor | undefined {
  if (ctx.selected && ctx.actors[ctx.selected]) return ctx.actors[ctx.selected];
  const candidates = ctx.order.map((k) => ctx.actors[k]).filter((a) => a.machineId && known(a.machineId));
  return [...candidates].reverse().find((a) => !a.ended) ?? candidates[candidates.length - 1];
}
