import { isGreen } from './run';
import type { CoverageCount, MachineReport } from './types';

const pct = (c: CoverageCount): string => (c.total === 0 ? '100%' : `${Math.floor((100 * c.covered.length) / c.total)}%`);
const frac = (c: CoverageCount): string => `${c.covered.length}/${c.total} ${pct(c)}`;

/**
 * machine | paths | states | transitions | infeasible | before | dropped | result, one row per machine.
 * infeasible: generated paths an actor could not take (must be 0); before: how many the unfiltered
 * generation (every outcome offered whatever actor runs) produced; dropped: outcomes the filter left out.
 */
export function formatTable(reports: MachineReport[]): string {
  const rows = [
    ['machine', 'paths', 'states', 'transitions', 'infeasible', 'before', 'dropped', 'result'],
    ...reports.map((r) => [
      r.id,
      String(r.paths),
      frac(r.states),
      frac(r.transitions),
      String(r.feasibility.infeasible.length),
      String(r.feasibility.before),
      String(r.feasibility.droppedOutcomes),
      isGreen(r)
        ? 'ok'
        : r.errors.length
          ? 'error'
          : r.failures.length
            ? `${r.failures.length} failed`
            : r.feasibility.infeasible.length
              ? `${r.feasibility.infeasible.length} infeasible`
              : 'below 100%',
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row: string[]): string => row.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd();
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

/** what is wrong with each machine that is not green, readable */
export function formatProblems(reports: MachineReport[], { warnings = true } = {}): string {
  const out: string[] = [];
  for (const r of reports) {
    const lines = [
      ...r.errors.map((e) => `  error: ${e}`),
      ...r.failures.map((f) => `  path failed: ${f.line}\n    ${f.failure?.message}`),
      ...r.feasibility.infeasible.map((f) => `  infeasible path: ${f.path}\n    ${f.message}`),
      ...(r.states.uncovered.length ? [`  states not covered: ${r.states.uncovered.join(', ')}`] : []),
      ...(r.transitions.uncovered.length ? [`  transitions not covered: ${r.transitions.uncovered.join(', ')}`] : []),
      ...(warnings ? r.warnings.map((w) => `  warning: ${w}`) : []),
    ];
    if (lines.length) out.push(`${r.id}:`, ...lines);
  }
  return out.join('\n');
}

export interface CoverageFile {
  generatedAt: string;
  machines: Record<
    string,
    {
      paths: number;
      pathSets: string[];
      ok: boolean;
      states: CoverageCount;
      transitions: CoverageCount;
      failures: Array<{ path: string; message: string }>;
      /** infeasible: generated paths an actor could not take (must be 0, listed); before: what the unfiltered generation produced; droppedOutcomes: outcomes the filter left out */
      feasibility: { infeasible: Array<{ path: string; message: string }>; before: number; droppedOutcomes: number };
      errors: string[];
      warnings: string[];
    }
  >;
}

/** the content of docs/coverage/machines.json */
export function toCoverageFile(reports: MachineReport[], now = new Date()): CoverageFile {
  return {
    generatedAt: now.toISOString(),
    machines: Object.fromEntries(
      reports.map((r) => [
        r.id,
        {
          paths: r.paths,
          pathSets: r.pathSets,
          ok: isGreen(r),
          states: r.states,
          transitions: r.transitions,
          failures: r.failures.map((f) => ({ path: f.line, message: f.failure?.message ?? '' })),
          feasibility: { infeasible: r.feasibility.infeasible, before: r.feasibility.before, droppedOutcomes: r.feasibility.droppedOutcomes },
          errors: r.errors,
          warnings: r.warnings,
        },
      ]),
    ),
  };
}
