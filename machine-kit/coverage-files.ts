import type { CoverageCount } from './types';

/**
 * The files under docs/coverage/ beside machines.json, one type each for the runner that writes
 * it and the explorer that reads it: ui.json (`npm run test:ui-paths`,
 * machine-tests/ui-paths/report.ts) and mutation.json (`npm run test:mutation`,
 * scripts/mutation-report.ts).
 */

/** one machine in docs/coverage/ui.json: machines.json's shape plus `reasons` */
export interface UiMachineCoverage {
  paths: number;
  ok: boolean;
  states: CoverageCount;
  transitions: CoverageCount;
  /** transition key → why the UI cannot cause it (uncovered transitions only) */
  reasons: Record<string, string>;
  failures: Array<{ path: string; message: string }>;
  /** which binding runs measured it (login measures twoFactorEntry too) */
  measuredBy: string[];
}

export interface UiCoverageFile {
  generatedAt: string;
  machines: Record<string, UiMachineCoverage>;
}

/** a mutant no test killed: where, what was changed, and why it is harmless when it is */
export interface MutationSurvivor {
  file: string;
  line: number;
  mutator: string;
  replacement: string;
  reason?: string;
}

/** one machine in docs/coverage/mutation.json */
export interface MachineMutation {
  score: number;
  killed: number;
  survived: number;
  noCoverage: number;
  timeout: number;
  total: number;
  survivors: MutationSurvivor[];
}

export interface MutationFile {
  generatedAt: string;
  machines: Record<string, MachineMutation>;
  /** the rules of core/ (`core:classify`…, machine-tests/mutation/rules.ts), measured the same way */
  rules?: Record<string, MachineMutation>;
}
