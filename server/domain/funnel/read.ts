import { sql } from 'kysely';
import type { FunnelQuery, MachineFunnel } from '../../../core/contract/funnel';
import type { Db } from '../../db';
import { bucketRange } from './record';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The query's days as a half-open range of instants: from its first day's midnight (UTC) to the midnight after its last. */
export function rangeOf(query: Pick<FunnelQuery, 'from' | 'to'>): { start: Date; end: Date; days: number } {
  const start = new Date(`${query.from}T00:00:00Z`);
  const end = new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS);
  return { start, end, days: Math.round((end.getTime() - start.getTime()) / DAY_MS) };
}

/** the query's segment as filters: an empty or missing field is every value */
function segmentOf(query: FunnelQuery): { country?: string; lang?: string; device?: string; cohort?: string } {
  return Object.fromEntries((['country', 'lang', 'device', 'cohort'] as const).flatMap((k) => (query[k] ? [[k, query[k]]] : [])));
}

/**
 * The median's bucket: the first bucket (in order of time) where the running count reaches half.
 * Unknown times (bucket -1) are left out; null when none is known.
 */
export function medianBucket(counts: ReadonlyMap<number, number>): number | null {
  const known = [...counts.entries()].filter(([b]) => b >= 0).sort(([a], [b]) => a - b);
  const total = known.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const [bucket, n] of known) {
    seen += n;
    if (seen * 2 >= total) return bucket;
  }
  return null;
}

/** One machine's transitions in a date range and segment (docs/explorer.md "The funnel"). */
export async function machineFunnel(db: Db, query: FunnelQuery & { machine: string }): Promise<MachineFunnel> {
  const { start, end, days } = rangeOf(query);
  const segment = segmentOf(query);
  const scoped = db
    .selectFrom('funnel_hourly')
    .where('machine', '=', query.machine)
    .where('hour', '>=', start)
    .where('hour', '<', end)
    .where((eb) => eb.and(Object.entries(segment).map(([k, v]) => eb(k as 'country', '=', v))));
  const [transitions, dwell, hours, countries] = await Promise.all([
    scoped.select(['transition', 'from_state', 'to_state', sql<string>`sum(count)`.as('n')]).groupBy(['transition', 'from_state', 'to_state']).execute(),
    scoped.select(['from_state', 'dwell_bucket', sql<string>`sum(count)`.as('n')]).groupBy(['from_state', 'dwell_bucket']).execute(),
    scoped.select(['hour', sql<string>`sum(count)`.as('n')]).groupBy('hour').execute(),
    db
      .selectFrom('funnel_hourly')
      .select('country')
      .distinct()
      .where('machine', '=', query.machine)
      .where('hour', '>=', start)
      .where('hour', '<', end)
      .where('country', '<>', '')
      .orderBy('country')
      .execute(),
  ]);
  const byState = new Map<string, Map<number, number>>();
  for (const row of dwell) {
    const buckets = byState.get(row.from_state) ?? byState.set(row.from_state, new Map()).get(row.from_state)!;
    buckets.set(row.dwell_bucket, (buckets.get(row.dwell_bucket) ?? 0) + Number(row.n));
  }
  // one day: per hour; longer: per day (UTC), every bucket of the range, empty ones too
  const step = days === 1 ? HOUR_MS : DAY_MS;
  const series = Array.from({ length: Math.round((end.getTime() - start.getTime()) / step) }, (_, i) => ({ at: new Date(start.getTime() + i * step).toISOString(), count: 0 }));
  for (const row of hours) {
    const index = Math.floor((new Date(row.hour).getTime() - start.getTime()) / step);
    if (series[index]) series[index].count += Number(row.n);
  }
  const list = transitions.map((t) => ({ id: t.transition, from: t.from_state, to: t.to_state, count: Number(t.n) })).sort((a, b) => b.count - a.count || (a.id < b.id ? -1 : 1));
  return {
    machine: query.machine,
    from: query.from,
    to: query.to,
    total: list.reduce((sum, t) => sum + t.count, 0),
    transitions: list,
    states: [...byState.entries()]
      .map(([id, buckets]) => {
        const median = medianBucket(buckets);
        const high = median === null ? 0 : bucketRange(median).high;
        return { id, exits: [...buckets.values()].reduce((a, b) => a + b, 0), median: median === null ? null : { low: bucketRange(median).low, high: Number.isFinite(high) ? high : -1 } };
      })
      .sort((a, b) => (a.id < b.id ? -1 : 1)),
    series,
    countries: countries.map((c) => c.country),
  };
}
