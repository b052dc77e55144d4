import { existsSync, readFileSync } from 'node:fs';
import type { AnyStateMachine } from 'xstate';
import { countCoverage } from '../../machine-kit/coverage';
import { inventory } from '../../machine-kit/inventory';
import type { UiCoverageFile, UiMachineCoverage } from '../../machine-kit/coverage-files';
import type { CoverageCount } from '../../machine-kit/types';
import { transitionEventKey } from './select';
import type { UiBinding } from './types';

export type { UiCoverageFile, UiMachineCoverage } from '../../machine-kit/coverage-files';

export interface Measured {
  machine: AnyStateMachine;
  paths: number;
  transitions: Set<string>;
  states: Set<string>;
  failures: Array<{ path: string; message: string }>;
  bindings: UiBinding[];
}

/** The reasons that apply to what stayed uncovered: the bindings' own, then their unbound events'. */
function reasonsFor(m: Measured, uncovered: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of uncovered) {
    for (const b of m.bindings) {
      const own = b.reasons?.[t];
      if (own) {
        out[t] = own;
        break;
      }
      if (b.machine !== m.machine.id) continue;
      const how = b.events[transitionEventKey(m.machine, t)];
      if (how && typeof how !== 'function') {
        out[t] = how.reason;
        break;
      }
    }
  }
  return out;
}

export function toUiCoverage(m: Measured): UiMachineCoverage {
  const inv = inventory(m.machine);
  const transitions = countCoverage(inv.transitions, m.transitions);
  const states = countCoverage(inv.states, m.states);
  const reasons = reasonsFor(m, transitions.uncovered);
  const unexplained = transitions.uncovered.filter((t) => !reasons[t]);
  return {
    paths: m.paths,
    ok: m.failures.length === 0 && unexplained.length === 0,
    states,
    transitions,
    reasons,
    failures: m.failures,
    measuredBy: m.bindings.map((b) => b.machine),
  };
}

/** the existing file (a run of one binding replaces only the machines it measured) */
export function readUiCoverage(file: string): UiCoverageFile {
  if (!existsSync(file)) return { generatedAt: '', machines: {} };
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as UiCoverageFile;
  } catch {
    return { generatedAt: '', machines: {} };
  }
}

const pct = (c: { total: number; covered: unknown[] } | undefined): string =>
  !c ? '—' : c.total === 0 ? '100%' : `${c.covered.length}/${c.total} ${Math.floor((100 * c.covered.length) / c.total)}%`;

/** machine | model transitions | UI transitions | UI states | explained | paths | result */
export function formatUiTable(ui: Record<string, UiMachineCoverage>, model: Record<string, { transitions: CoverageCount }>): string {
  const rows = [
    ['machine', 'model transitions', 'UI transitions', 'UI states', 'reasons', 'paths', 'result'],
    ...Object.entries(ui).map(([id, m]) => [
      id,
      pct(model[id]?.transitions),
      pct(m.transitions),
      pct(m.states),
      String(Object.keys(m.reasons).length),
      String(m.paths),
      m.failures.length ? `${m.failures.length} failed` : m.ok ? 'ok' : `${m.transitions.uncovered.length - Object.keys(m.reasons).length} unexplained`,
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]): string => r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}
