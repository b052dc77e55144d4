import type { Msg } from '../../core/message';

/** A statechart ready to show: the SVG and how it was made. */
export interface DiagramInfo {
  id: string;
  /** the rendered statechart (states carry data-state-id, transitions data-transition-id) */
  svg: string;
  /** the layout was computed when the explorer was built, or by elkjs in this browser */
  source: 'build' | 'browser';
  /** time elkjs took (at build time or here), ms */
  layoutMs: number;
  /** time to turn the layout into SVG here, ms */
  renderMs: number;
  width: number;
  height: number;
}

export interface CoverageCount {
  total: number;
  covered: string[];
  uncovered: string[];
}

/** One machine's entry in docs/coverage/machines.json (written by `npm run test:model`). */
export interface MachineCoverage {
  paths: number;
  pathSets: string[];
  ok: boolean;
  states: CoverageCount;
  transitions: CoverageCount;
}

export interface CoverageReport {
  generatedAt: string;
  machines: Record<string, MachineCoverage>;
}

/** How loading a diagram can fail. */
export type DiagramFailure = { kind: 'unknown-machine'; id: string } | { kind: 'layout'; message: string };

export interface ExplorerContext {
  /** the machine whose diagram is open */
  machineId: string | null;
  diagram: DiagramInfo | null;
  diagramError: Msg | null;
  coverage: CoverageReport | null;
  coverageError: Msg | null;
}

export type ExplorerEvent =
  | { type: 'machine.open'; id: string }
  | { type: 'machine.close' }
  | { type: 'diagram.retry' }
  | { type: 'coverage.retry' };
