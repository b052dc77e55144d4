import type { Generated, Selectable } from 'kysely';
import type { Int8Id } from './schema';

/** Tables of processor health (migration 251, server/domain/payments/health.ts). */
export type ProcessorHealthState = 'healthy' | 'unhealthy';
export type ProcessorOutcomeKind = 'answered' | 'declined' | 'timeout' | 'server_error' | 'skipped';
export type SandboxProcessorMode = 'timeout' | 'server_error';

export interface ProcessorHealthTable {
  processor: string;
  state: Generated<ProcessorHealthState>;
  /** transport failures (timeouts, 5xx) in a row */
  failures: Generated<number>;
  /** when it was marked unhealthy (the cool-down counts from here) */
  opened_at: Date | null;
  /** the half-open probe's claim: a start let through after the cool-down */
  probe_at: Date | null;
  /** the last transport failure's kind ('' none) */
  last_failure: Generated<string>;
  updated_at: Generated<Date>;
}

export interface ProcessorOutcomesTable {
  id: Int8Id;
  processor: string;
  kind: ProcessorOutcomeKind;
  code: Generated<string>;
  at: Date;
}

/** Sandbox mode only: a processor the tester switched to time out or answer 5xx. */
export interface SandboxProcessorSwitchesTable {
  processor: string;
  mode: SandboxProcessorMode;
  updated_at: Generated<Date>;
}

export type ProcessorHealthRow = Selectable<ProcessorHealthTable>;

declare module './schema' {
  interface Database {
    processor_health: ProcessorHealthTable;
    processor_outcomes: ProcessorOutcomesTable;
    sandbox_processor_switches: SandboxProcessorSwitchesTable;
  }
}
