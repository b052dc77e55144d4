import { getHeapStatistics } from 'node:v8';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { Db } from '../db';
import { Refusal } from '../domain/refusal';
import type { PushHub } from '../push/hub';
import { api, TAGS } from './route-schema';

/** How long /readyz waits for the database's `select 1` before calling it not ready. */
export const READY_DB_TIMEOUT_MS = 2_000;
/** Retry-After (seconds) of a request shed under pressure. */
export const SHED_RETRY_AFTER_S = 5;

/** A request shed under pressure: 503 `busy` with Retry-After (a refusal, answered by the one error handler). */
export class Busy extends Refusal {
  constructor() {
    super(503, 'busy', 'The server is busy. Please try again in a few seconds.', { headers: { 'retry-after': String(SHED_RETRY_AFTER_S) } });
  }
}

export type ReadyCheck = 'ok' | 'pending' | 'failed' | 'timeout' | 'disconnected';

export interface ReadyzBody {
  status: 'ok' | 'not_ready';
  checks: { migrations: ReadyCheck; database: ReadyCheck; push: ReadyCheck };
}

export interface HealthOptions {
  db: Db;
  push: PushHub;
  config: Pick<Config, 'loadShedding'>;
  /** resolves when migrations (and the sandbox seed) are done; none: ready at once */
  ready?: Promise<void>;
}

async function databaseAnswers(db: Db): Promise<ReadyCheck> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ReadyCheck>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), READY_DB_TIMEOUT_MS);
    timer.unref();
  });
  const query = sql`select 1 as one`
    .execute(db)
    .then((): ReadyCheck => 'ok')
    .catch((): ReadyCheck => 'failed');
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /healthz: the process answers (no database; never shed). GET /readyz: 200 only when the
 * migrations are done, the database answers `select 1` within READY_DB_TIMEOUT_MS and the push
 * hub is connected; else 503 naming what is not ready. Neither uses a session, CSRF or the
 * start-up gate (they are outside /api), and neither is logged per request.
 *
 * Load shedding (@fastify/under-pressure): while the event loop lags more than
 * LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS or the heap holds more than LOAD_SHED_MAX_HEAP_MB (default 90 %
 * of the heap limit), every other request answers 503 `busy` with Retry-After.
 */
export async function installHealth(app: FastifyInstance, { db, push, config, ready }: HealthOptions): Promise<void> {
  let migrations: ReadyCheck = ready ? 'pending' : 'ok';
  ready?.then(
    () => (migrations = 'ok'),
    () => (migrations = 'failed'),
  );

  const { maxEventLoopDelayMs, maxHeapUsedMb } = config.loadShedding;
  const maxHeapUsedBytes = maxHeapUsedMb > 0 ? maxHeapUsedMb * 1024 * 1024 : Math.floor(getHeapStatistics().heap_size_limit * 0.9);
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    maxHeapUsedBytes,
    retryAfter: SHED_RETRY_AFTER_S,
    // answered by the one error handler as an ApiError
    customError: Busy,
  });

  app.get('/healthz', { schema: api(TAGS.operations, 'The process answers'), logLevel: 'silent', config: { pressureHandler: () => undefined } }, async () => ({ status: 'ok' as const }));

  app.get('/readyz', { schema: api(TAGS.operations, 'Ready: migrations done, database answers, push hub connected (503 until then)'), logLevel: 'silent' }, async (_request, reply): Promise<ReadyzBody> => {
    const checks: ReadyzBody['checks'] = {
      migrations,
      // a database still migrating is asked anyway: the answer tells an operator which part waits
      database: await databaseAnswers(db),
      push: push.connected() ? 'ok' : 'disconnected',
    };
    const ok = Object.values(checks).every((check) => check === 'ok');
    reply.code(ok ? 200 : 503).header('cache-control', 'no-store');
    return { status: ok ? 'ok' : 'not_ready', checks };
  });
}
