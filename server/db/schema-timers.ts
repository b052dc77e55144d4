import type { Selectable } from 'kysely';

/**
 * One row per periodic job run once per deployment (server/db/leader.ts): when it last ran to
 * the end. Written by the instance holding the job's advisory lock, in the lock's transaction.
 */
export interface TimerRunsTable {
  name: string;
  last_run_at: Date;
}

export type TimerRunRow = Selectable<TimerRunsTable>;

declare module './schema' {
  interface Database {
    timer_runs: TimerRunsTable;
  }
}
