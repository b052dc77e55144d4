import { sql } from 'kysely';
import type { Db } from '../../db';
import type { PlatformOutboxRow } from '../../db/schema-mirror';
import { toBigInt } from '../../db/values';
import type { PlatformGateway } from '../ports';

/**
 * Delivers the platform outbox (rows written by server/domain/ledger.ts in the same transaction
 * as the ledger entries) to the trading platform, after commit, with retries.
 *
 * - A row is claimed for LEASE_MS (attempts + 1, next_attempt_at moved on) in a short
 *   transaction with SKIP LOCKED, so two workers (two instances, a restart) never hold one
 *   row at once, and a worker that dies mid-call leaves the row to be taken again after the lease.
 * - The platform deduplicates on op_id: a row delivered twice (the call went through, the
 *   worker died before marking it) moves the platform balance once.
 * - Rows of one login are delivered in ledger order: after a failure the login's later rows
 *   wait for the next round (a credit is never overtaken by the debit that depended on it).
 * - A failed call backs off (1 s, 2 s, 4 s … at most 5 minutes) and keeps its last error for
 *   the reconciliation report.
 */
export const LEASE_MS = 30_000;
const MAX_BACKOFF_MS = 5 * 60_000;

export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempts - 1));
}

export interface DeliveryReport {
  delivered: number;
  failed: number;
  /** broker account ids whose rows were delivered (their owners may be told) */
  accountIds: number[];
}

async function claim(db: Db, limit: number): Promise<PlatformOutboxRow[]> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('platform_outbox')
      .select('id')
      .where('delivered_at', 'is', null)
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    return trx
      .updateTable('platform_outbox')
      .set({ attempts: sql`attempts + 1`, next_attempt_at: sql`now() + make_interval(secs => ${LEASE_MS / 1000})` })
      .where(
        'id',
        'in',
        due.map((r) => r.id),
      )
      .returningAll()
      .execute();
  });
}

/** Rows of logins that have an earlier undelivered row not in this claim must wait (order per login). */
async function blockedLogins(db: Db, rows: PlatformOutboxRow[]): Promise<Set<string>> {
  const firstByLogin = new Map<string, bigint>();
  for (const row of rows) {
    const id = toBigInt(row.id);
    const seen = firstByLogin.get(row.login);
    if (seen === undefined || id < seen) firstByLogin.set(row.login, id);
  }
  const blocked = new Set<string>();
  for (const [login, first] of firstByLogin) {
    const earlier = await db
      .selectFrom('platform_outbox')
      .select('id')
      .where('login', '=', login)
      .where('delivered_at', 'is', null)
      .where('id', '<', first.toString())
      .limit(1)
      .executeTakeFirst();
    if (earlier) blocked.add(login);
  }
  return blocked;
}

async function release(db: Db, row: PlatformOutboxRow, error: string | null, attemptsBack = false): Promise<void> {
  const attempts = attemptsBack ? row.attempts - 1 : row.attempts;
  await db
    .updateTable('platform_outbox')
    .set({
      attempts: sql`${attempts}`,
      next_attempt_at: attemptsBack ? sql<Date>`now()` : sql<Date>`now() + make_interval(secs => ${backoffMs(attempts) / 1000})`,
      ...(error !== null && { last_error: error.slice(0, 500) }),
    })
    .where('id', '=', row.id.toString())
    .where('delivered_at', 'is', null)
    .execute();
}

/** One round: claims due rows and sends each to the platform. Safe to run from several workers at once. */
export async function deliverPending(db: Db, platform: PlatformGateway, options: { limit?: number } = {}): Promise<DeliveryReport> {
  const report: DeliveryReport = { delivered: 0, failed: 0, accountIds: [] };
  const rows = await claim(db, options.limit ?? 100);
  if (rows.length === 0) return report;
  const blocked = await blockedLogins(db, rows);
  for (const row of rows) {
    if (blocked.has(row.login)) {
      // not this worker's turn for this login: give the claim back untouched
      await release(db, row, null, true);
      continue;
    }
    const amount = toBigInt(row.amount_minor);
    const op = { opId: row.op_id, login: row.login, amountMinor: amount < 0n ? -amount : amount, currency: row.currency, comment: `${row.kind} ${row.tx_id}` };
    try {
      const send = amount > 0n ? platform.credit : platform.debit;
      if (!send) throw new Error('The platform gateway has no balance operations.');
      await send.call(platform, op);
      await db
        .updateTable('platform_outbox')
        .set({ delivered_at: sql<Date>`now()`, last_error: null })
        .where('id', '=', row.id.toString())
        .execute();
      report.delivered += 1;
      report.accountIds.push(row.account_id);
    } catch (error) {
      report.failed += 1;
      blocked.add(row.login);
      await release(db, row, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    }
  }
  return report;
}

/** Undelivered rows (all, or of one account), for the reconciliation and for tests. */
export async function pendingOf(db: Db, accountId?: number): Promise<PlatformOutboxRow[]> {
  let query = db.selectFrom('platform_outbox').selectAll().where('delivered_at', 'is', null);
  if (accountId !== undefined) query = query.where('account_id', '=', accountId);
  return query.orderBy('id').execute();
}
