import type { Db } from '../../db';
import { intervalWhenReady } from '../../db/when-ready';
import { idleJobs, runExport } from './jobs';

export interface DataExportWorker {
  /** gather this job now, in this process (after the POST that made it) */
  kick(id: string): void;
  /** stop the ticks and wait for the jobs in hand */
  stop(): Promise<void>;
}

interface Log {
  error(obj: unknown, msg: string): void;
}

/**
 * The background of "download my data" (docs/data-export.md, docs/architecture.md "Timers"): a job
 * is gathered in the process that started it (`kick`), and every `everyMs` each instance looks for
 * running jobs whose lease is free — a job a stopped or restarted process left — and takes them up.
 * Idempotent across instances: a job is claimed by a conditional UPDATE on its lease, so one
 * worker gathers it at a time.
 */
export function startDataExportWorker(options: { db: Db; ready?: Promise<unknown>; everyMs: number; log: Log; now?: () => Date }): DataExportWorker {
  const { db, log } = options;
  const now = options.now ?? (() => new Date());
  const ready = options.ready ?? Promise.resolve();
  const inHand = new Map<string, Promise<void>>();
  let stopped = false;

  const kick = (id: string): void => {
    if (stopped || inHand.has(id)) return;
    const work = (async () => {
      await ready;
      await runExport(db, id, { now });
    })()
      .catch((error: unknown) => log.error({ err: error, exportId: id }, 'data export failed'))
      .finally(() => inHand.delete(id));
    inHand.set(id, work);
  };

  const tick = async (): Promise<void> => {
    await ready;
    for (const id of await idleJobs(db, now())) kick(id);
  };
  // started once the database is migrated (server/db/when-ready.ts); the first tick comes `everyMs` after:
  // a job a previous process left is taken up once its lease has run out
  const stopTimer = options.everyMs > 0 ? intervalWhenReady(options.ready, options.everyMs, () => void tick().catch((error: unknown) => log.error({ err: error }, 'data export: looking for jobs failed'))) : () => {};

  return {
    kick,
    async stop() {
      stopped = true;
      stopTimer();
      await Promise.allSettled([...inHand.values()]);
    },
  };
}
