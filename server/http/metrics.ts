import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { poolOf, type Db } from '../db';
import type { PushHub } from '../push/hub';
import { sendError } from './errors';
import { Refusal } from '../domain/refusal';
import { api, TAGS } from './route-schema';

/**
 * What the rest of the server tells the metrics. Domain code never sees this (it calls
 * PaymentEvents.attemptSettled); routes hold it as RouteDeps.metrics. A no-op when /metrics is off.
 */
export interface Recorder {
  /** a card attempt reached an outcome (approved, declined, voided) at a processor */
  cardOutcome(processor: string, outcome: string): void;
}

export const noRecorder: Recorder = { cardOutcome() {} };

/** The crypto invoice states as the metrics name them (the table keeps the spec's two-letter codes). */
const INVOICE_STATE: Record<string, string> = { wt: 'waiting', su: 'paid', ex: 'expired' };

/** Requests that are streams, not calls: counted, but their life is not a latency. */
const STREAMS = new Set(['/api/events']);

/**
 * The Prometheus text endpoint, one registry per app. Off (`enabled` false): no
 * hook, no route (GET /metrics is the ordinary 404) and a no-op recorder. On: GET /metrics in
 * Prometheus text format (with `token`, METRICS_TOKEN: only for `Authorization: Bearer <token>`,
 * else 401 metrics.token), and these series (docs/architecture.md, "Logs and metrics"):
 *
 * - the default process metrics of prom-client (CPU, memory, event loop lag, handles, GC)
 * - http_requests_total{method, route, status_class} and
 *   http_request_duration_seconds{method, route, status_class} (histogram): `route` is the
 *   route's pattern (/api/card/payments/:id), never the raw URL; unknown URLs are "(unmatched)"
 * - card_payment_attempts_total{processor, outcome}: each card attempt's outcome where the
 *   cascade records it (applyAnswer)
 * - crypto_invoices{state}: invoices by state, counted in the database at scrape time
 * - sse_streams_open: open event streams of this instance
 * - db_pool_connections{state: total, idle, waiting} and db_pool_max: the pg pool; PGlite is
 *   one embedded connection (total 1, max 1)
 *
 * Register before the routes (the hooks then see every route).
 */
export function installMetrics(app: FastifyInstance, { db, push, enabled, token = '' }: { db: Db; push: Pick<PushHub, 'size'>; enabled: boolean; token?: string }): Recorder {
  if (!enabled) return noRecorder;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route pattern and status class', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request (event streams excluded), by route pattern and status class',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const card = new Counter({ name: 'card_payment_attempts_total', help: 'Card payment attempts by processor and outcome (approved, declined, voided)', labelNames: ['processor', 'outcome'], registers: [registry] });
  new Gauge({
    name: 'sse_streams_open',
    help: 'Open server-sent event streams (GET /api/events) on this instance',
    registers: [registry],
    collect() {
      // every push subscription is one open stream (routes/events.ts is the hub's only subscriber)
      this.set(push.size());
    },
  });
  new Gauge({
    name: 'crypto_invoices',
    help: 'Crypto invoices by state (waiting, paid, expired), counted at scrape time',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const state of Object.values(INVOICE_STATE)) this.set({ state }, 0);
      const rows = await db.selectFrom('crypto_invoices').select(['status', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('status').execute();
      for (const row of rows) this.set({ state: INVOICE_STATE[row.status] ?? row.status }, Number(row.n));
    },
  });
  const pool = poolOf(db);
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections: total open, idle, and callers waiting for one (PGlite: one embedded connection)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool ? pool.totalCount : 1);
      this.set({ state: 'idle' }, pool ? pool.idleCount : 0);
      this.set({ state: 'waiting' }, pool ? pool.waitingCount : 0);
    },
  });
  new Gauge({
    name: 'db_pool_max',
    help: 'Largest number of database connections the pool opens (DB_POOL_SIZE; PGlite: 1)',
    registers: [registry],
    collect() {
      this.set(pool ? (pool.options.max ?? 10) : 1);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? '(unmatched)';
    const labels = { method: request.method, route, status_class: `${Math.floor(reply.statusCode / 100)}xx` };
    requests.inc(labels);
    if (!STREAMS.has(route)) duration.observe(labels, reply.elapsedTime / 1000);
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { schema: api(TAGS.operations, 'Prometheus metrics (METRICS=1; Bearer METRICS_TOKEN when set)', { produces: 'text/plain' }) }, async (request, reply) => {
    if (token) {
      const sent = Buffer.from(String(request.headers.authorization ?? ''));
      if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
        return sendError(reply, new Refusal(401, 'metrics.token', 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.', { headers: { 'www-authenticate': 'Bearer' } }));
      }
    }
    const text = await registry.metrics();
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
  });

  return {
    cardOutcome: (processor, outcome) => card.inc({ processor, outcome }),
  };
}
