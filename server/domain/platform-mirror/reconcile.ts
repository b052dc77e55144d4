import { sql } from 'kysely';
import type { Db } from '../../db';
import { toBigInt } from '../../db/values';
import type { PlatformGateway } from '../ports';
import { formatMoney, isCurrency, parseMoney } from '../../../core/money';
import { bookSettledTrades } from '../trading/booking';

/**
 * The reconciliation job: for every account mirrored to the platform, our ledger balance less
 * what the outbox has not delivered yet must equal the platform's equity (its balance plus the
 * stakes of open trades), once the trades it settled are booked. An account that differs twice
 * in a row (settling between two reads is not a difference) is reported, stored and alerted.
 */
export const STUCK_AFTER_ATTEMPTS = 5;

export interface MirrorDifference {
  accountId: number;
  login: string;
  currency: string;
  /** ledger balance */
  ledger: string;
  /** movements committed in the ledger, not yet delivered */
  undelivered: string;
  /** the platform's equity; null when the platform has no such login */
  platform: string | null;
  /** ledger - undelivered - platform */
  difference: string | null;
  /** outbox rows that failed STUCK_AFTER_ATTEMPTS times or more, with the last error */
  stuck: { opId: string; attempts: number; error: string | null }[];
}

export interface ReconciliationReport {
  id: string;
  ranAt: Date;
  accounts: number;
  differences: MirrorDifference[];
}

interface Mirrored {
  id: number;
  user_id: number | null;
  login: string;
  currency: string;
  balance_minor: bigint | string;
}

async function compare(db: Db, platform: PlatformGateway, account: Mirrored): Promise<MirrorDifference | null> {
  if (account.user_id !== null) await bookSettledTrades(db, platform, account.user_id).catch(() => undefined);
  const [row, pending] = await Promise.all([
    db.selectFrom('accounts').select('balance_minor').where('id', '=', account.id).executeTakeFirstOrThrow(),
    db
      .selectFrom('platform_outbox')
      .select(['op_id', 'attempts', 'last_error', 'amount_minor'])
      .where('account_id', '=', account.id)
      .where('delivered_at', 'is', null)
      .orderBy('id')
      .execute(),
  ]);
  const ledger = toBigInt(row.balance_minor);
  const undelivered = pending.reduce((sum, p) => sum + toBigInt(p.amount_minor), 0n);
  const stuck = pending.filter((p) => p.attempts >= STUCK_AFTER_ATTEMPTS).map((p) => ({ opId: p.op_id, attempts: p.attempts, error: p.last_error }));
  const info = await platform.userInfo(account.login);
  const equity = info && isCurrency(info.currency) && info.currency === account.currency ? parseMoney(info.all ?? info.available, info.currency) : null;
  const difference = equity === null ? null : ledger - undelivered - equity;
  if (difference === 0n && stuck.length === 0) return null;
  return {
    accountId: account.id,
    login: account.login,
    currency: account.currency,
    ledger: formatMoney(ledger, account.currency),
    undelivered: formatMoney(undelivered, account.currency),
    platform: equity === null ? null : formatMoney(equity, account.currency),
    difference: difference === null ? null : formatMoney(difference, account.currency),
    stuck,
  };
}

/** Compares every mirrored account (or those given) with the platform; stores and returns the report. */
export async function reconcile(db: Db, platform: PlatformGateway, options: { accountIds?: number[] } = {}): Promise<ReconciliationReport> {
  let query = db
    .selectFrom('accounts')
    .select(['id', 'user_id', 'platform_login as login', 'currency', 'balance_minor'])
    .where('platform_login', 'is not', null)
    .orderBy('id');
  if (options.accountIds) query = query.where('id', 'in', options.accountIds.length > 0 ? options.accountIds : [-1]);
  const accounts = (await query.execute()) as Mirrored[];
  const differences: MirrorDifference[] = [];
  for (const account of accounts) {
    // a trade settling between the two reads looks like a difference once: look again
    if ((await compare(db, platform, account)) === null) continue;
    const again = await compare(db, platform, account);
    if (again) differences.push(again);
  }
  const stored = await db
    .insertInto('platform_reconciliations')
    .values({ accounts: accounts.length, differences: JSON.stringify(differences) })
    .returning(['id', 'ran_at'])
    .executeTakeFirstOrThrow();
  return { id: String(stored.id), ranAt: stored.ran_at, accounts: accounts.length, differences };
}

/** The latest stored report, or null. */
export async function lastReconciliation(db: Db): Promise<ReconciliationReport | null> {
  const row = await db.selectFrom('platform_reconciliations').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!row) return null;
  return { id: String(row.id), ranAt: row.ran_at, accounts: row.accounts, differences: row.differences as unknown as MirrorDifference[] };
}

/** Keeps the last `keep` reports. */
export async function pruneReconciliations(db: Db, keep = 1000): Promise<void> {
  await sql`delete from platform_reconciliations where id <= (select id from platform_reconciliations order by id desc offset ${keep} limit 1)`.execute(db);
}
