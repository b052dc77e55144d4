import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataExportJob, DataExportStatusResponse } from '../../core/contract/data-export';
import { DATA_EXPORT_RULES } from '../../core/data-export';
import { expireExports, idleJobs, latestExport, runExport, startExport, takeExport } from '../domain/data-export/jobs';
import { exportedTables, NOT_EXPORTED, SECTIONS } from '../domain/data-export/sections';
import { Refusal } from '../domain/refusal';
import { testApp, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';

/**
 * "Download my data" (issue 30 §9, docs/data-export.md): over HTTP (signed in, CSRF, owner only,
 * once only, the file's name) and the jobs themselves with a clock of their own (progress, the
 * daily limit, a job a stopped process left, the expiry, two downloads at once), what the JSON
 * holds and what it never holds, and that every table with a trader's id is exported or excluded.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const DAY = 86_400_000;

async function trader(balances = [{ currency: 'USD' as const, type: 'trading' as const, amount: '125.50' }]) {
  const b = t.browser();
  const user = await freshUser(b, { balances });
  return { b, user, userId: Number(user.userId) };
}

async function waitReady(b: ReturnType<TestApp['browser']>): Promise<DataExportJob> {
  for (let i = 0; i < 200; i++) {
    const job = DataExportStatusResponse.parse((await b.send('GET', '/api/data-export')).json()).job;
    if (job && job.status !== 'running') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the export did not finish');
}

describe('the tables', () => {
  it('every table with a trader id is exported by a section or excluded with a reason', async () => {
    const EXPORTED_TABLES = new Set(exportedTables());
    const { rows } = await sql<{ table_name: string }>`select distinct table_name from information_schema.columns
      where table_schema = current_schema() and (column_name = 'user_id' or column_name like '%\\_user\\_id') order by 1`.execute(t.db);
    const withUser = rows.map((r) => r.table_name);
    const missing = withUser.filter((name) => !EXPORTED_TABLES.has(name) && !(name in NOT_EXPORTED));
    expect(missing, 'add each to a section of server/domain/data-export/sections.ts or to NOT_EXPORTED with the reason').toEqual([]);
    for (const [name, reason] of Object.entries(NOT_EXPORTED)) {
      expect(withUser, `${name} is no longer a table with a trader id`).toContain(name);
      expect(reason.length).toBeGreaterThan(10);
      expect(EXPORTED_TABLES.has(name), `${name} is both exported and excluded`).toBe(false);
    }
    const { rows: all } = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = current_schema()`.execute(t.db);
    const tables = new Set(all.map((r) => r.table_name));
    for (const name of EXPORTED_TABLES) expect(tables.has(name), name).toBe(true);
  });
});

describe('GET, POST /api/data-export and the download', () => {
  it('signed in only; the POST needs the CSRF header', async () => {
    const visitor = t.browser();
    await visitor.me();
    expect((await visitor.send('GET', '/api/data-export')).statusCode).toBe(401);
    expect((await visitor.send('POST', '/api/data-export')).statusCode).toBe(401);
    expect((await visitor.send('GET', '/api/data-export/x/download')).statusCode).toBe(401);
    const { b } = await trader();
    expect(DataExportStatusResponse.parse((await b.send('GET', '/api/data-export')).json())).toEqual({ job: null });
    const forged = await b.send('POST', '/api/data-export', { csrf: false });
    expect([forged.statusCode, forged.json().error]).toEqual([403, 'csrf']);
  });

  it('the export runs in the background, downloads once to its owner, and holds the trader’s data without secrets', async () => {
    const { b, user, userId } = await trader();
    // secrets the export must never carry: an authenticator's secret, the password hash, the session's id (a hash)
    await t.db.insertInto('user_security').values({ user_id: userId, totp_secret: 'JBSWY3DPEHPK3PXPSECRETTOTP', pending_totp_secret: 'PENDINGSECRETXYZ' }).onConflict((oc) => oc.column('user_id').doUpdateSet({ totp_secret: 'JBSWY3DPEHPK3PXPSECRETTOTP', pending_totp_secret: 'PENDINGSECRETXYZ' })).execute();
    const started = await b.send('POST', '/api/data-export');
    expect(started.statusCode, started.body).toBe(200);
    const job = DataExportJob.parse(started.json());
    expect(job).toMatchObject({ status: 'running', total: SECTIONS.length });
    const ready = await waitReady(b);
    expect(ready).toMatchObject({ id: job.id, status: 'ready', done: SECTIONS.length, total: SECTIONS.length });
    expect(new Date(ready.expires_at!).getTime() - new Date(ready.ready_at!).getTime()).toBe(DATA_EXPORT_RULES.keepDays * DAY);

    // another trader: 404, as an id that does not exist, and the owner's export is untouched
    const { b: other } = await trader([]);
    const stranger = await other.send('GET', `/api/data-export/${job.id}/download`);
    expect([stranger.statusCode, stranger.json().error]).toEqual([404, 'data_export.not_found']);

    const file = await b.send('GET', `/api/data-export/${job.id}/download`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/json/);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="my-data-${ready.ready_at!.slice(0, 10)}.json"`);
    const data = JSON.parse(file.body) as { user_id: number; sections: Record<string, Record<string, Record<string, unknown>[]>> };
    expect(data.user_id).toBe(userId);
    expect(Object.keys(data.sections)).toEqual(SECTIONS.map((s) => s.name));
    expect(data.sections.profile!.user![0]).toMatchObject({ id: userId, email: user.email });
    expect(data.sections.profile!.user![0]).not.toHaveProperty('password_hash');
    expect(data.sections.profile!.security![0]).toMatchObject({ authenticator_on: true });
    expect(data.sections.accounts!.accounts!.find((a) => a.currency === 'USD' && a.type === 'trading')).toMatchObject({ balance: '125.50' });
    expect(data.sections.ledger!.movements!.length).toBeGreaterThan(0);
    expect(data.sections.sessions!.sessions!.length).toBeGreaterThan(0);

    const { password_hash } = await t.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
    const sessions = await t.db.selectFrom('sessions').select(['id', 'csrf']).where('user_id', '=', userId).execute();
    expect(sessions.length).toBeGreaterThan(0);
    for (const secret of [password_hash, 'JBSWY3DPEHPK3PXPSECRETTOTP', 'PENDINGSECRETXYZ', ...sessions.flatMap((s) => [s.id, s.csrf])]) expect(file.body).not.toContain(secret);
    expect(file.body).not.toMatch(/password_hash|totp_secret|token_hash|card_token|fingerprint|key_hash|code_hash/);

    // once: the second download is refused, the JSON is gone from the database
    const again = await b.send('GET', `/api/data-export/${job.id}/download`);
    expect([again.statusCode, again.json().error]).toEqual([410, 'data_export.downloaded']);
    const row = await t.db.selectFrom('data_exports').select(['status', 'payload', 'downloaded_at']).where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('downloaded');
    expect(row.payload).toBeNull();
    expect(row.downloaded_at).not.toBeNull();
    expect(DataExportStatusResponse.parse((await b.send('GET', '/api/data-export')).json()).job).toMatchObject({ id: job.id, status: 'downloaded', expires_at: null });
  });

  it('a second start while one runs answers the running one; a fourth in a day is 429 with when the next may start', async () => {
    const { userId } = await trader([]);
    const now = new Date(Date.now() + 30 * DAY);
    const first = await startExport(t.db, userId, now);
    const second = await startExport(t.db, userId, new Date(now.getTime() + 1000));
    expect(first.started).toBe(true);
    expect(second).toEqual({ job: first.job, started: false });
    const [a, b] = await Promise.all([startExport(t.db, userId, now), startExport(t.db, userId, now)]);
    expect([a.job.id, b.job.id]).toEqual([first.job.id, first.job.id]);
    expect(await runExport(t.db, first.job.id, { now: () => now })).toBe(true);
    const two = await startExport(t.db, userId, new Date(now.getTime() + 60_000));
    await runExport(t.db, two.job.id, { now: () => new Date(now.getTime() + 60_000) });
    const three = await startExport(t.db, userId, new Date(now.getTime() + 120_000));
    await runExport(t.db, three.job.id, { now: () => new Date(now.getTime() + 120_000) });
    const refused = await startExport(t.db, userId, new Date(now.getTime() + 180_000)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Refusal);
    expect(refused).toMatchObject({ status: 429, key: 'data_export.daily_limit', params: { limit: '3', next: new Date(now.getTime() + DAY).toISOString() } });
    // a day after the first, one more may start
    expect((await startExport(t.db, userId, new Date(now.getTime() + DAY + 1))).started).toBe(true);
  });

  it('progress is written after each section and readable while it runs', async () => {
    const { userId } = await trader();
    const now = new Date(Date.now() + 40 * DAY);
    const { job } = await startExport(t.db, userId, now);
    expect(job).toMatchObject({ done: 0, total: SECTIONS.length, status: 'running' });
    const seen: number[] = [];
    await runExport(t.db, job.id, {
      now: () => now,
      onSection: async () => {
        const latest = await latestExport(t.db, userId, now);
        seen.push(latest!.done);
        expect(latest!.status).toBe('running');
      },
    });
    expect(seen).toEqual(SECTIONS.map((_, i) => i + 1));
    expect(await latestExport(t.db, userId, now)).toMatchObject({ status: 'ready', done: SECTIONS.length });
  });

  it('a job a stopped process left running is taken up again once its lease runs out, and failed after too many tries', async () => {
    const { userId } = await trader([]);
    const now = new Date(Date.now() + 50 * DAY);
    const { job } = await startExport(t.db, userId, now);
    // a process took it, wrote two sections, and stopped
    await t.db.updateTable('data_exports').set({ attempts: 1, done: 2, lease_until: new Date(now.getTime() + DATA_EXPORT_RULES.leaseMs) }).where('id', '=', job.id).execute();
    expect(await idleJobs(t.db, now)).not.toContain(job.id);
    expect(await runExport(t.db, job.id, { now: () => now })).toBe(false);
    const later = new Date(now.getTime() + DATA_EXPORT_RULES.leaseMs);
    expect(await idleJobs(t.db, later)).toContain(job.id);
    expect(await runExport(t.db, job.id, { now: () => later })).toBe(true);
    expect(await latestExport(t.db, userId, later)).toMatchObject({ status: 'ready', done: SECTIONS.length });

    const next = await startExport(t.db, userId, new Date(later.getTime() + 1000));
    await t.db.updateTable('data_exports').set({ attempts: DATA_EXPORT_RULES.maxAttempts, lease_until: later }).where('id', '=', next.job.id).execute();
    expect(await runExport(t.db, next.job.id, { now: () => new Date(later.getTime() + 2000) })).toBe(true);
    expect(await latestExport(t.db, userId, later)).toMatchObject({ id: next.job.id, status: 'failed' });
    // failed: the trader may start another
    expect((await startExport(t.db, userId, new Date(later.getTime() + 3000))).started).toBe(true);
  });

  it('an export not downloaded within 7 days expires and its JSON is deleted', async () => {
    const { userId } = await trader([]);
    const now = new Date(Date.now() + 60 * DAY);
    const { job } = await startExport(t.db, userId, now);
    await runExport(t.db, job.id, { now: () => now });
    const justBefore = new Date(now.getTime() + DATA_EXPORT_RULES.keepDays * DAY - 1);
    await expireExports(t.db, justBefore);
    expect(await latestExport(t.db, userId, justBefore)).toMatchObject({ status: 'ready' });
    const after = new Date(now.getTime() + DATA_EXPORT_RULES.keepDays * DAY);
    expect(await expireExports(t.db, after)).toBeGreaterThanOrEqual(1);
    const row = await t.db.selectFrom('data_exports').select(['status', 'payload']).where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'expired', payload: null });
    await expect(takeExport(t.db, userId, job.id, after)).rejects.toMatchObject({ status: 410, key: 'data_export.expired' });
  });

  it('an unread export past its time is also expired when read (before the hourly housekeeping)', async () => {
    const { userId } = await trader([]);
    const now = new Date(Date.now() + 70 * DAY);
    const { job } = await startExport(t.db, userId, now);
    await runExport(t.db, job.id, { now: () => now });
    const after = new Date(now.getTime() + DATA_EXPORT_RULES.keepDays * DAY);
    expect(await latestExport(t.db, userId, after)).toMatchObject({ id: job.id, status: 'expired' });
  });

  it('two downloads at once: one gets the file, the other 410', async () => {
    const { userId } = await trader();
    const now = new Date(Date.now() + 80 * DAY);
    const { job } = await startExport(t.db, userId, now);
    await runExport(t.db, job.id, { now: () => now });
    await expect(takeExport(t.db, userId, 'no-such-id', now)).rejects.toMatchObject({ status: 404 });
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => takeExport(t.db, userId, job.id, now)));
    const got = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(got).toHaveLength(1);
    expect(refused.map((r) => [r.reason.status, r.reason.key])).toEqual(Array.from({ length: 4 }, () => [410, 'data_export.downloaded']));
    await expect(takeExport(t.db, userId, job.id, now)).rejects.toMatchObject({ status: 410, key: 'data_export.downloaded' });
  });

  it('a running export cannot be downloaded yet', async () => {
    const { userId } = await trader([]);
    const now = new Date(Date.now() + 90 * DAY);
    const { job } = await startExport(t.db, userId, now);
    await expect(takeExport(t.db, userId, job.id, now)).rejects.toMatchObject({ status: 409, key: 'data_export.not_ready' });
  });
});
