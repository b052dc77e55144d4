import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CascadeFunnel } from '../../core/contract/funnel';
import { buildApp } from '../../server/app';
import { freshDb, type TestDb } from '../../server/test/db';
import { freePort } from '../../server/test/fetch-client';
import { trafficPlan } from './plan';
import { runTraffic, ServerUnreachable } from './run';
import type { TrafficSummary } from './summary';

/**
 * The traffic script against the real app in sandbox mode on a port (a fresh PGlite database):
 * what it says it saw is what the database holds. The virtual clock makes the machines' timers
 * (the listen check every 5 s, the traders' patience) fire in the same order however slow the
 * machine is, so the run is the same every time and takes as long as its HTTP calls.
 */
let t: TestDb;
let app: Awaited<ReturnType<typeof buildApp>>;
let base = '';
let summary: TrafficSummary;
let warnings: string[] = [];

const SEED = 7;
const TRADERS = 12;

beforeAll(async () => {
  t = await freshDb({ seed: true });
  app = await buildApp({ db: t.db, config: t.config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  warnings = [];
  summary = await runTraffic({ base, traders: TRADERS, seed: SEED, concurrency: 4, clock: 'virtual', log: (line) => warnings.push(line) });
}, 90_000);

afterAll(async () => {
  await app?.close();
  await t?.close();
});

const counts = (rows: { key: string; n: string | number }[]) => Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]));

describe('sandbox traffic', () => {
  it('makes every trader and meets no error', () => {
    expect(summary.errors).toEqual([]);
    expect(summary.traders).toEqual({ planned: TRADERS, created: TRADERS, failed: 0 });
    expect(summary.deposits.total).toBe(trafficPlan(SEED, TRADERS).reduce((n, p) => n + p.payments.length, 0));
  });

  it('counts the payments by status as the database holds them', async () => {
    const rows = await t.db.selectFrom('card_payments').select(['status as key', sql<string>`count(*)`.as('n')]).groupBy('status').execute();
    expect(summary.payments.byStatus).toEqual(counts(rows));
    expect(Object.keys(summary.payments.byStatus).length).toBeGreaterThanOrEqual(2);
  });

  it('counts each processor’s approvals and declines (by code) as the database holds them', async () => {
    const rows = await t.db.selectFrom('card_attempts').select(['processor', 'status', 'code', sql<string>`count(*)`.as('n')]).groupBy(['processor', 'status', 'code']).execute();
    const approved: Record<string, number> = {};
    const declined: Record<string, number> = {};
    const codes: Record<string, Record<string, number>> = {};
    for (const r of rows) {
      if (r.status === 'approved') approved[r.processor] = (approved[r.processor] ?? 0) + Number(r.n);
      if (r.status === 'declined') {
        declined[r.processor] = (declined[r.processor] ?? 0) + Number(r.n);
        (codes[r.processor] ??= {})[r.code || '(none)'] = Number(r.n);
      }
    }
    const seen = Object.entries(summary.processors);
    expect(Object.fromEntries(seen.filter(([, p]) => p.approved > 0).map(([name, p]) => [name, p.approved]))).toEqual(approved);
    expect(Object.fromEntries(seen.filter(([, p]) => p.declined > 0).map(([name, p]) => [name, p.declined]))).toEqual(declined);
    expect(Object.fromEntries(seen.filter(([, p]) => p.declined > 0).map(([name, p]) => [name, p.codes]))).toEqual(codes);
    expect(Object.keys(summary.processors).length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(declined).length).toBeGreaterThanOrEqual(1);
  });

  it('counts the vouchers redeemed as the database holds them', async () => {
    const row = await t.db.selectFrom('vload_vouchers').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(summary.vouchers.redeemed ?? 0).toBe(Number(row.n));
    expect(Object.values(summary.vouchers).reduce((a, b) => a + b, 0)).toBe(trafficPlan(SEED, TRADERS).filter((p) => p.voucher).length);
  });

  it('the cascade’s own steps agree with the server on each approval', () => {
    const fromSteps = Object.fromEntries(Object.entries(summary.steps).filter(([, s]) => (s.approved ?? 0) > 0).map(([name, s]) => [name, s.approved]));
    const fromServer = Object.fromEntries(Object.entries(summary.processors).filter(([, p]) => p.approved > 0).map(([name, p]) => [name, p.approved]));
    expect(fromSteps).toEqual(fromServer);
    expect(summary.deposits.byResult.approved).toBe(summary.payments.byStatus.approved);
  });

  it('collects the machines’ funnel steps and reports them, or says once that the server has no endpoint', () => {
    expect(summary.funnel.steps).toBeGreaterThan(50);
    if (summary.funnel.off) {
      expect(summary.funnel.off).toContain('404');
      expect(warnings.filter((w) => w.includes('404'))).toHaveLength(1);
    } else {
      expect(summary.funnel.sent).toBe(summary.funnel.steps);
      expect(summary.funnel.refused).toEqual({});
    }
  });

  it('the explorer’s cascade funnel after the traffic says what the database holds, per status, processor and reason', async () => {
    // the range: the days the payments were made on (the database's own times, no clock read here)
    const span = await t.db.selectFrom('card_payments').select([sql<string>`to_char(min(created_at) at time zone 'UTC', 'YYYY-MM-DD')`.as('first'), sql<string>`to_char(max(created_at) at time zone 'UTC', 'YYYY-MM-DD')`.as('last')]).executeTakeFirstOrThrow();
    const res = await fetch(`${base}/api/explorer/funnel/cascade?from=${span.first}&to=${span.last}`);
    const funnel = CascadeFunnel.parse(await res.json());
    const byStatus = await t.db.selectFrom('card_payments').select(['status as key', sql<string>`count(*)`.as('n')]).groupBy('status').execute();
    expect(Object.fromEntries(funnel.payments.map((p) => [p.status, p.count]))).toEqual(counts(byStatus));
    const attempts = await t.db.selectFrom('card_attempts').select(['processor', 'status', 'code', sql<string>`count(*)`.as('n')]).groupBy(['processor', 'status', 'code']).execute();
    const fromDb: Record<string, { approved: number; declined: number; reasons: Record<string, number> }> = {};
    for (const r of attempts) {
      const p = (fromDb[r.processor] ??= { approved: 0, declined: 0, reasons: {} });
      if (r.status === 'approved') p.approved += Number(r.n);
      if (r.status === 'declined') {
        p.declined += Number(r.n);
        p.reasons[r.code] = Number(r.n);
      }
    }
    expect(Object.fromEntries(funnel.processors.map((p) => [p.processor, { approved: p.approved, declined: p.declined, reasons: Object.fromEntries(p.reasons.map((x) => [x.code, x.count])) }]))).toEqual(fromDb);
    expect(funnel.processors.reduce((n, p) => n + p.attempts, 0)).toBe(attempts.reduce((n, r) => n + Number(r.n), 0));
  });

  it('every funnel step the script reported is counted once by the server', async () => {
    const row = await t.db.selectFrom('funnel_hourly').select(sql<string>`coalesce(sum(count), 0)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(summary.funnel.sent);
    const cascade = await t.db.selectFrom('funnel_hourly').select(sql<string>`coalesce(sum(count), 0)`.as('n')).where('machine', '=', 'cascade').executeTakeFirstOrThrow();
    expect(Number(cascade.n)).toBeGreaterThan(0);
  });

  it('plans the same traffic for the same seed', () => {
    expect(trafficPlan(SEED, 5)).toEqual(trafficPlan(SEED, 5));
    expect(trafficPlan(SEED, 5)).not.toEqual(trafficPlan(SEED + 1, 5));
  });

  it('refuses a server that is not there', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    await expect(runTraffic({ base: closed, traders: 1, seed: 1, concurrency: 1 })).rejects.toThrow(/cannot be reached: .*ECONNREFUSED/);
    await expect(runTraffic({ base: closed, traders: 1, seed: 1, concurrency: 1 })).rejects.toBeInstanceOf(ServerUnreachable);
  });
});
