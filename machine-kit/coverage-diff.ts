import type { CoverageCount } from './types';

/** the part of docs/coverage/machines.json a diff reads */
export interface CoverageSnapshot {
  machines: Record<string, { states: CoverageCount; transitions: CoverageCount }>;
}

export interface KindDiff {
  /** covered before, still in the machine, not covered now: a submission lost it */
  lost: string[];
  /** covered now, not covered before (or new in the machine) */
  gained: string[];
  /** in the machine before, not any more (deleted or renamed with the code) */
  removed: string[];
  /** in the machine now and not before, and not covered */
  addedUncovered: string[];
}

export interface MachineDiff {
  id: string;
  states: KindDiff;
  transitions: KindDiff;
}

export interface CoverageDiff {
  /** machines in the fresh coverage and not in the old */
  added: string[];
  /** machines in the old coverage and not in the fresh one (only among those the fresh run measured, when `only` is given) */
  removed: string[];
  /** machines in both where anything changed */
  changed: MachineDiff[];
  /** a transition lost in a machine that is still there: the check fails */
  failing: boolean;
}

function diffKind(before: CoverageCount, after: CoverageCount): KindDiff {
  const was = new Set([...before.covered, ...before.uncovered]);
  const is = new Set([...after.covered, ...after.uncovered]);
  const wasCovered = new Set(before.covered);
  const isCovered = new Set(after.covered);
  return {
    lost: before.covered.filter((id) => is.has(id) && !isCovered.has(id)),
    gained: after.covered.filter((id) => !wasCovered.has(id)),
    removed: [...was].filter((id) => !is.has(id)),
    addedUncovered: after.uncovered.filter((id) => !was.has(id)),
  };
}

const empty = (k: KindDiff) => !k.lost.length && !k.gained.length && !k.removed.length && !k.addedUncovered.length;

/**
 * What changed between two coverage reports, per machine. `only`: the machines the fresh run
 * measured (a run of some machines says nothing of the others).
 */
export function diffCoverage(before: CoverageSnapshot, after: CoverageSnapshot, only?: string[]): CoverageDiff {
  const inScope = (id: string) => !only || only.includes(id);
  const oldIds = Object.keys(before.machines).filter(inScope);
  const newIds = Object.keys(after.machines).filter(inScope);
  const changed: MachineDiff[] = [];
  for (const id of newIds.filter((m) => m in before.machines)) {
    const d = { id, states: diffKind(before.machines[id].states, after.machines[id].states), transitions: diffKind(before.machines[id].transitions, after.machines[id].transitions) };
    if (!empty(d.states) || !empty(d.transitions)) changed.push(d);
  }
  return {
    added: newIds.filter((id) => !(id in before.machines)),
    removed: oldIds.filter((id) => !(id in after.machines)),
    changed,
    failing: changed.some((d) => d.transitions.lost.length > 0),
  };
}

/** readable lines; `ref` names what the fresh coverage is compared with */
export function formatDiff(diff: CoverageDiff, ref: string): string {
  const out: string[] = [];
  if (diff.added.length) out.push(`machines added: ${diff.added.join(', ')}`);
  if (diff.removed.length) out.push(`machines removed: ${diff.removed.join(', ')}`);
  for (const d of diff.changed) {
    out.push(`${d.id}:`);
    for (const kind of ['transitions', 'states'] as const) {
      const k = d[kind];
      if (k.lost.length) out.push(`  LOST ${k.lost.length} ${kind} (covered at ${ref}, not now): ${k.lost.join(', ')}`);
      if (k.gained.length) out.push(`  gained ${k.gained.length} ${kind}: ${k.gained.join(', ')}`);
      if (k.removed.length) out.push(`  ${k.removed.length} ${kind} no longer in the machine: ${k.removed.join(', ')}`);
      if (k.addedUncovered.length) out.push(`  ${k.addedUncovered.length} new ${kind}, not covered: ${k.addedUncovered.join(', ')}`);
    }
  }
  if (!out.length) return `coverage unchanged against ${ref}`;
  return [`coverage against ${ref}:`, ...out, ...(diff.failing ? ['a machine that is still there lost a transition: fails'] : [])].join('\n');
}
