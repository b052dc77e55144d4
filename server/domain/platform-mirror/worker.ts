import type { Db } from '../../db';
import { runExclusive } from '../../db/leader';
import { intervalWhenReady } from '../../db/when-ready';
import type { PlatformGateway } from '../ports';
import { bookSettledTrades } from '../trading/booking';
import { deliverPending } from './outbox';
import { pruneReconciliations, reconcile, type ReconciliationReport } from './reconcile';

export interface MirrorLog {
  warn(obj: object, message: string): void;
  error(obj: object, message: string): void;
}

export interface MirrorOptions {
  db: Db;
  platform: PlatformGateway;
  /** how often the outbox is looked at (0: only on flush) */
  deliverEveryMs?: number;
  /** how often the reconciliation runs (0: never by itself) */
  reconcileEveryMs?: number;
  /** a user's balance changed here or on the platform: tell their open tabs */
  onUserChanged?: (userId: number) => void;
  /** a reconciliation found differences (the default logs them at error level: an alert) */
  onDifferences?: (report: ReconciliationReport) => void;
  /** resolves when the database is migrated: nothing runs before */
  ready?: Promise<void>;
  log: MirrorLog;
}

export interface PlatformMirror {
  /** delivers what the outbox holds now; never throws (a failure is retried by the worker) */
  flush(): Promise<void>;
  /** books the trades the platform settled for these logins and tells their owners */
  tradesSettled(logins: string[]): Promise<void>;
  reconcileNow(): Promise<ReconciliationReport>;
  stop(): void;
}

/**
 * The platform mirror at run time: the outbox worker (after commit, with retries), the
 * platform's deal events (a settled trade is booked into the ledger and pushed to the trader's
 * tabs at once, not at the page's next balance sync) and the periodic reconciliation.
 */
export function startPlatformMirror(options: MirrorOptions): PlatformMirror {
  const { db, platform, log } = options;
  const ready = options.ready ?? Promise.resolve();
  let stopped = false;
  let delivering: Promise<void> | null = null;
  let again = false;

  const ownersOf = async (accountIds: number[]): Promise<number[]> => {
    if (accountIds.length === 0) return [];
    const rows = await db.selectFrom('accounts').select('user_id').where('id', 'in', [...new Set(accountIds)]).execute();
    return [...new Set(rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])))];
  };

  const deliverOnce = async (): Promise<void> => {
    await ready;
    // the common case costs one indexed read, no transaction
    const due = await db.selectFrom('platform_outbox').select('id').where('delivered_at', 'is', null).where('next_attempt_at', '<=', new Date()).limit(1).executeTakeFirst();
    if (!due) return;
    const report = await deliverPending(db, platform);
    if (report.failed > 0) log.warn({ failed: report.failed, delivered: report.delivered }, 'platform mirror: some operations were not delivered; retrying with backoff');
    for (const userId of await ownersOf(report.accountIds)) options.onUserChanged?.(userId);
  };

  const flush = async (): Promise<void> => {
    if (stopped) return;
    // one delivery at a time in this process; a flush during one runs another right after
    if (delivering) {
      again = true;
      return delivering;
    }
    delivering = (async () => {
      do {
        again = false;
        try {
          await deliverOnce();
        } catch (error) {
          log.warn({ err: error }, 'platform mirror: delivery round failed');
        }
      } while (again && !stopped);
    })().finally(() => (delivering = null));
    return delivering;
  };

  const tradesSettled = async (logins: string[]): Promise<void> => {
    if (logins.length === 0) return;
    await ready;
    const users = await db.selectFrom('users').select(['id']).where('email', 'in', logins).execute();
    for (const user of users) {
      try {
        const result = await bookSettledTrades(db, platform, user.id);
        if (result.booked > 0) options.onUserChanged?.(user.id);
      } catch (error) {
        log.warn({ err: error, userId: user.id }, 'platform mirror: booking settled trades failed; the next sync books them');
      }
    }
  };

  const reconcileNow = async (): Promise<ReconciliationReport> => {
    await ready;
    const report = await reconcile(db, platform);
    if (report.differences.length > 0) {
      if (options.onDifferences) options.onDifferences(report);
      else log.error({ reconciliation: report.id, differences: report.differences }, `platform mirror: ${report.differences.length} account(s) differ between the ledger and the platform`);
    }
    await pruneReconciliations(db);
    return report;
  };

  // both timers start once the database is migrated (server/db/when-ready.ts)
  const timers: (() => void)[] = [];
  if ((options.deliverEveryMs ?? 0) > 0) timers.push(intervalWhenReady(options.ready, options.deliverEveryMs ?? 0, () => void flush()));
  if ((options.reconcileEveryMs ?? 0) > 0) {
    let running = false;
    timers.push(
      intervalWhenReady(options.ready, options.reconcileEveryMs ?? 0, () => {
        if (running || stopped) return;
        running = true;
        // once per period for the deployment: N instances would store N reports and raise N alerts
        runExclusive(db, 'mirror.reconcile', reconcileNow, { everyMs: options.reconcileEveryMs })
          .catch((error: unknown) => log.warn({ err: error }, 'platform mirror: reconciliation failed'))
          .finally(() => (running = false));
      }),
    );
  }
  const unsubscribe = platform.onTradesSettled?.((logins) => void tradesSettled(logins)) ?? (() => {});

  return {
    flush,
    tradesSettled,
    reconcileNow,
    stop() {
      stopped = true;
      for (const stopTimer of timers) stopTimer();
      unsubscribe();
    },
  };
}
