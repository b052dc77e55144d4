import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import '../../db/schema-data-export';
import type { Db } from '../../db';
import type { DataExportsTable } from '../../db/schema-data-export';
import type { Selectable } from 'kysely';
import type { DataExportJob } from '../../../core/contract/data-export';
import { DATA_EXPORT_RULES, dataExportExpiry, dataExportFileName, dataExportWindowStart } from '../../../core/data-export';
import { Refusal } from '../refusal';
import { gatherSection, SECTIONS } from './sections';

/**
 * "Download my data" jobs (issue 30 §9, docs/data-export.md). `startExport` writes the job row;
 * `runExport` gathers the sections in this process, writing the progress after each; the one
 * download (`takeExport`) hands the JSON over and empties it in the same transaction. Every time
 * rule takes `now`.
 */

type Row = Selectable<DataExportsTable>;

const JOB_COLUMNS = ['id', 'user_id', 'status', 'done', 'total', 'attempts', 'lease_until', 'created_at', 'ready_at', 'downloaded_at', 'ended_at'] as const;
type JobRow = Pick<Row, (typeof JOB_COLUMNS)[number]>;

export const jobAnswer = (row: JobRow): DataExportJob => ({
  id: row.id,
  status: row.status,
  done: row.done,
  total: row.total,
  created_at: row.created_at.toISOString(),
  ready_at: row.ready_at?.toISOString() ?? null,
  expires_at: row.status === 'ready' && row.ready_at ? dataExportExpiry(row.ready_at).toISOString() : null,
});

/** A ready export unread past its keeping time is expired (and its JSON deleted) when next read. */
async function expireOwn(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('data_exports')
    .set({ status: 'expired', payload: null, ended_at: now })
    .where('user_id', '=', userId)
    .where('status', '=', 'ready')
    .where('ready_at', '<=', new Date(now.getTime() - DATA_EXPORT_RULES.keepDays * 86_400_000))
    .execute();
}

/** The trader's latest export, or null. */
export async function latestExport(db: Db, userId: number, now: Date): Promise<DataExportJob | null> {
  await expireOwn(db, userId, now);
  const row = await db.selectFrom('data_exports').select(JOB_COLUMNS).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? jobAnswer(row) : null;
}

/**
 * Starts an export, or answers the one running. Refused (429 `data_export.daily_limit`) beyond
 * DATA_EXPORT_RULES.perDay started in the last 24 hours, with when the next may start. The trader's
 * row is locked for the check, so two starts at once make one job.
 */
export async function startExport(db: Db, userId: number, now: Date): Promise<{ job: DataExportJob; started: boolean }> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    const running = await trx.selectFrom('data_exports').select(JOB_COLUMNS).where('user_id', '=', userId).where('status', '=', 'running').executeTakeFirst();
    if (running) return { job: jobAnswer(running), started: false };
    const recent = await trx
      .selectFrom('data_exports')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('created_at', '>', dataExportWindowStart(now))
      .orderBy('created_at', 'asc')
      .execute();
    if (recent.length >= DATA_EXPORT_RULES.perDay) {
      const next = new Date(recent[0]!.created_at.getTime() + 86_400_000);
      throw new Refusal(429, 'data_export.daily_limit', `You can ask for your data ${DATA_EXPORT_RULES.perDay} times a day. The next export can start at ${next.toISOString()}.`, {
        params: { limit: String(DATA_EXPORT_RULES.perDay), next: next.toISOString() },
        headers: { 'retry-after': String(Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000))) },
      });
    }
    const row = await trx
      .insertInto('data_exports')
      .values({ id: randomUUID(), user_id: userId, status: 'running', total: SECTIONS.length, created_at: now, lease_until: null, payload: null, size_bytes: null, ready_at: null, downloaded_at: null, ended_at: null })
      .returning(JOB_COLUMNS)
      .executeTakeFirstOrThrow();
    return { job: jobAnswer(row), started: true };
  });
}

export interface RunOptions {
  /** the clock (tests pass their own) */
  now: () => Date;
  /** called after each section is written (tests read the progress there) */
  onSection?: (done: number) => Promise<void>;
}

/**
 * Takes up a running job whose lease is free (new, or left by a stopped process) and gathers it.
 * Returns false when another worker holds it or it is not running. A job taken up
 * DATA_EXPORT_RULES.maxAttempts times without finishing, or one whose gathering throws, is failed.
 */
export async function runExport(db: Db, id: string, { now, onSection }: RunOptions): Promise<boolean> {
  const claimedAt = now();
  const claimed = await db
    .updateTable('data_exports')
    .set({ attempts: sql<number>`attempts + 1`, lease_until: new Date(claimedAt.getTime() + DATA_EXPORT_RULES.leaseMs), done: 0 })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', claimedAt)]))
    .returning(['user_id', 'attempts'])
    .executeTakeFirst();
  if (!claimed) return false;
  if (claimed.attempts > DATA_EXPORT_RULES.maxAttempts) {
    await failJob(db, id, claimedAt);
    return true;
  }
  try {
    const sections: Record<string, unknown> = {};
    for (const [index, section] of SECTIONS.entries()) {
      sections[section.name] = await gatherSection(db, section, claimed.user_id);
      const at = now();
      const still = await db
        .updateTable('data_exports')
        .set({ done: index + 1, lease_until: new Date(at.getTime() + DATA_EXPORT_RULES.leaseMs) })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .returning('id')
        .executeTakeFirst();
      if (!still) return true;
      await onSection?.(index + 1);
    }
    const madeAt = now();
    const payload = JSON.stringify({ format: 'brokerage-data-export/1', made_at: madeAt.toISOString(), user_id: claimed.user_id, sections }, null, 2);
    await db
      .updateTable('data_exports')
      .set({ status: 'ready', payload, size_bytes: Buffer.byteLength(payload), ready_at: madeAt, lease_until: null })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  } catch (error) {
    await failJob(db, id, now());
    throw error;
  }
  return true;
}

async function failJob(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('data_exports').set({ status: 'failed', lease_until: null, ended_at: now }).where('id', '=', id).where('status', '=', 'running').execute();
}

/** The running jobs whose lease is free: new ones, and those a stopped process left. */
export async function idleJobs(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('data_exports')
    .select('id')
    .where('status', '=', 'running')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
    .orderBy('created_at')
    .limit(10)
    .execute();
  return rows.map((r) => r.id);
}

/** Housekeeping: ready exports unread past their keeping time expire, their JSON deleted. Idempotent. */
export async function expireExports(db: Db, now: Date): Promise<number> {
  const rows = await db
    .updateTable('data_exports')
    .set({ status: 'expired', payload: null, ended_at: now })
    .where('status', '=', 'ready')
    .where('ready_at', '<=', new Date(now.getTime() - DATA_EXPORT_RULES.keepDays * 86_400_000))
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * The one download: the owner's ready export, marked downloaded and its JSON deleted in the same
 * transaction (the row locked: of two downloads at once, one gets it, the other 410). Another
 * trader's id, or one that does not exist: 404.
 */
export async function takeExport(db: Db, userId: number, id: string, now: Date): Promise<{ name: string; body: string }> {
  await expireOwn(db, userId, now);
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('data_exports').select(['status', 'payload', 'ready_at']).where('id', '=', id).where('user_id', '=', userId).forUpdate().executeTakeFirst();
    if (!row) throw new Refusal(404, 'data_export.not_found', 'There is no such export.');
    if (row.status === 'downloaded') throw new Refusal(410, 'data_export.downloaded', 'This export was already downloaded; it can be downloaded once. Ask for a new one.');
    if (row.status === 'expired') throw new Refusal(410, 'data_export.expired', `This export was not downloaded within ${DATA_EXPORT_RULES.keepDays} days and was deleted. Ask for a new one.`);
    if (row.status !== 'ready' || row.payload === null || !row.ready_at) throw new Refusal(409, 'data_export.not_ready', 'This export is not ready.');
    await trx.updateTable('data_exports').set({ status: 'downloaded', downloaded_at: now, payload: null }).where('id', '=', id).execute();
    return { name: dataExportFileName(row.ready_at), body: row.payload };
  });
}
