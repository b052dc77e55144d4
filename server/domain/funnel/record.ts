import { sql } from 'kysely';
import { FUNNEL_NEW_DAYS, type FunnelCohort, type FunnelReport } from '../../../core/contract/funnel';
import type { Db } from '../../db';

/** Who sent a report, as the funnel keeps it: a segment, never a person. */
export interface FunnelSender {
  /** the signed-in trader's country and account's age; null for a visitor */
  user: { country: string; createdAt: Date } | null;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** the highest dwell bucket: 2^20 s (12 days) and more */
const TOP_BUCKET = 21;

/** -1 unknown; 0 under 1 s; n ≥ 1: at least 2^(n-1) s and under 2^n s (TOP_BUCKET: that and more). */
export function dwellBucket(ms: number | null): number {
  if (ms === null) return -1;
  if (ms < 1000) return 0;
  return Math.min(TOP_BUCKET, Math.floor(Math.log2(ms / 1000)) + 1);
}

/** the bucket's range in ms (TOP_BUCKET's `high` is Infinity) */
export function bucketRange(bucket: number): { low: number; high: number } {
  if (bucket <= 0) return { low: 0, high: 1000 };
  return { low: 2 ** (bucket - 1) * 1000, high: bucket >= TOP_BUCKET ? Number.POSITIVE_INFINITY : 2 ** bucket * 1000 };
}

export function cohortOf(sender: FunnelSender, now: Date): FunnelCohort {
  if (!sender.user) return 'visitor';
  return now.getTime() - sender.user.createdAt.getTime() < FUNNEL_NEW_DAYS * DAY_MS ? 'new' : 'returning';
}

/**
 * Adds a report's steps to this hour's counts: the report's steps are first added up by row, then
 * each row is one upsert (`count = count + n`), so two instances adding to the same row at once
 * both count (PostgreSQL takes the row lock of the conflict). Returns how many steps were counted.
 */
export async function recordSteps(db: Db, report: FunnelReport, sender: FunnelSender, now: Date): Promise<number> {
  const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const segment = { country: sender.user?.country ?? '', lang: report.lang, device: report.device, cohort: cohortOf(sender, now) };
  const rows = new Map<string, { machine: string; transition: string; from_state: string; to_state: string; dwell_bucket: number; count: number }>();
  for (const step of report.steps) {
    const row = { machine: step.machine, transition: step.transition, from_state: step.from, to_state: step.to, dwell_bucket: dwellBucket(step.dwellMs), count: 0 };
    const key = JSON.stringify([row.machine, row.transition, row.from_state, row.to_state, row.dwell_bucket]);
    (rows.get(key) ?? rows.set(key, row).get(key)!).count += 1;
  }
  // a fixed order: two reports upserting the same rows take their locks in the same order (no deadlock)
  const values = [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => ({ hour, ...segment, ...row }));
  await db
    .insertInto('funnel_hourly')
    .values(values)
    .onConflict((oc) => oc.columns(['machine', 'hour', 'transition', 'from_state', 'to_state', 'country', 'lang', 'device', 'cohort', 'dwell_bucket']).doUpdateSet({ count: sql`funnel_hourly.count + excluded.count` }))
    .execute();
  return report.steps.length;
}

/** Deletes the hours older than the retention; returns how many rows went. */
export async function forgetOldSteps(db: Db, retentionDays: number, now: Date): Promise<number> {
  const result = await db.deleteFrom('funnel_hourly').where('hour', '<', new Date(now.getTime() - retentionDays * DAY_MS)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
