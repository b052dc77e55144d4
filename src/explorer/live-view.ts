import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { actorAt, momentOf } from '../../machines/explorer/live.logic';
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

/**
 * When each actor last changed, as a counter: an actor whose record is a new object since the
 * previous context (a snapshot, an event, its end) gets the next number. Arrival order breaks ties.
 */
export function stampActivity(stamps: ReadonlyMap<string, number>, before: LiveContext | undefined, now: LiveContext): Map<string, number> {
  const out = new Map<string, number>();
  let next = Math.max(0, ...stamps.values()) + 1;
  for (const key of now.order) {
    const old = stamps.get(key);
    out.set(key, old !== undefined && before?.actors[key] === now.actors[key] ? old : next++);
  }
  return out;
}

/** A tracker that remembers the previous context: call it with each new one to get the stamps. */
export function activityTracker(): (ctx: LiveContext) => Map<string, number> {
  let before: LiveContext | undefined;
  let stamps = new Map<string, number>();
  return (ctx) => {
    if (ctx !== before) {
      stamps = stampActivity(stamps, before, ctx);
      before = ctx;
    }
    return stamps;
  };
}

/**
 * Actors as a tree, each root's children (and theirs) right under it. Roots by activity: running
 * ones first, the most recently active first; ended ones last (also most recent first). Without
 * stamps, arrival order.
 */
export function actorTree(ctx: LiveContext, activity?: ReadonlyMap<string, number>): ActorRow[] {
  const children = new Map<string | null, string[]>();
  const arrival = new Map(ctx.order.map((k, i) => [k, i]));
  const recent = (k: string) => activity?.get(k) ?? arrival.get(k) ?? 0;
  /** the latest activity in an actor's subtree: a parent is as recent as its busiest child */
  const latest = (k: string, seen = new Set<string>()): number => {
    if (seen.has(k)) return recent(k);
    seen.add(k);
    return Math.max(recent(k), ...(children.get(k) ?? []).map((c) => latest(c, seen)));
  };
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
  const roots = [...(children.get(null) ?? [])];
  if (activity) {
    roots.sort((a, b) => Number(ctx.actors[a].ended) - Number(ctx.actors[b].ended) || latest(b) - latest(a));
  }
  for (const root of roots) visit(root, 0);
  return rows;
}

/**
 * The actor the live diagram shows: a moment of the timeline being looked at (its actor as it was
 * then), else the analyst's pick, else the latest running actor whose machine the explorer knows
 * (else the latest such actor at all).
 */
export function followedActor(ctx: LiveContext, known: (machineId: string) => boolean): LiveActor | undefined {
  const moment = momentOf(ctx, ctx.moment);
  if (moment) return actorAt(ctx, moment);
  if (ctx.selected && ctx.actors[ctx.selected]) return ctx.actors[ctx.selected];
  const candidates = ctx.order.map((k) => ctx.actors[k]).filter((a) => a.machineId && known(a.machineId));
  return [...candidates].reverse().find((a) => !a.ended) ?? candidates[candidates.length - 1];
}
