import { sql } from 'kysely';
import { CLOSURE_RULES, isClosureReason, type ClosureBlockerKind } from '../../../core/account-closure';
import type { ClosureBlocker, ClosureStatus, CloseAccountRequest, CloseAccountResponse } from '../../../core/contract/closure';
import { formatMoney, isCurrency, parseMoney } from '../../../core/money';
import type { Db } from '../../db';
import '../../db/schema-closure';
import '../../db/schema-security';
import { toBigInt } from '../../db/values';
import type { DbOrTx } from '../ledger';
import type { PlatformGateway } from '../ports';
import { Refusal } from '../refusal';
import { confirmPassword } from './confirm-password';
import { platformLoginsOf } from './platform-logins';
import { endUserSessions } from '../sessions';

/**
 * Closing the account (issue 30 §8; rules in core/account-closure.ts, docs/closure.md). The
 * trader asks with a reason and their password. It is refused while anything is left to settle
 * (money in a real account, a trade open on the platform, a withdrawal waiting to be paid, a
 * deposit under way), each listed with its amount; otherwise, in one transaction under the
 * trader's row lock, the closure is recorded, every session ends and the passkeys are deleted
 * (credentials, not records). Nothing else is deleted: the records stay as the law requires. A closed account's sign-in is refused by the sign-in gate
 * (./sign-in-gate.ts).
 */

export interface ClosureDeps {
  db: Db;
  /** the platform, asked whether a trade is open (its `all` counts the stakes of open trades) */
  platform: PlatformGateway;
}

type Sums = Map<string, { amount: bigint; count: number }>;
const add = (sums: Sums, currency: string, amount: bigint) => {
  const had = sums.get(currency) ?? { amount: 0n, count: 0 };
  sums.set(currency, { amount: had.amount + amount, count: had.count + 1 });
};
const listed = (kind: ClosureBlockerKind, sums: Sums): ClosureBlocker[] =>
  [...sums.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, s]) => ({ kind, amount: formatMoney(s.amount, currency), currency, count: s.count }));

/**
 * Everything that stops the closure now, in CLOSURE_BLOCKERS order (empty: it may close). Inside
 * a transaction `askPlatform` is false: the platform is asked before it (the sandbox platform
 * reads the same database, which an embedded one serves on one connection), and an open trade's
 * stake is in the ledger's balance, which the transaction checks.
 */
export async function closureBlockers(deps: ClosureDeps, db: DbOrTx, userId: number, now: Date, askPlatform = true): Promise<ClosureBlocker[]> {
  const accounts = await db.selectFrom('accounts').select(['id', 'currency', 'type', 'balance_minor', 'platform_login']).where('user_id', '=', userId).where('type', '<>', 'demo').orderBy('id').execute();
  const balances: Sums = new Map();
  const trades: Sums = new Map();
  for (const account of accounts) {
    const balance = toBigInt(account.balance_minor);
    if (balance > 0n) add(balances, account.currency, balance);
    if (!askPlatform || !account.platform_login) continue;
    let info: Awaited<ReturnType<PlatformGateway['userInfo']>>;
    try {
      info = await deps.platform.userInfo(account.platform_login);
    } catch {
      info = null;
    }
    if (!info || !isCurrency(info.currency)) throw new Refusal(503, 'platform.unavailable', 'The trading platform is not reachable right now. Please try again shortly.');
    const staked = info.all === undefined ? 0n : parseMoney(info.all, info.currency) - parseMoney(info.available, info.currency);
    if (staked > 0n) add(trades, info.currency, staked);
  }
  const withdrawals: Sums = new Map();
  for (const w of await db.selectFrom('withdrawals').select(['amount_minor', 'currency']).where('user_id', '=', userId).where('status', '=', 'pending').execute()) {
    add(withdrawals, w.currency, toBigInt(w.amount_minor));
  }
  // a deposit under way is one whose hold still counts (server/domain/protection/deposit-limits.ts)
  const deposits: Sums = new Map();
  const holds = await db.selectFrom('deposit_holds').select(['amount_minor', 'currency']).where('user_id', '=', userId).where('status', '=', 'held').where('expires_at', '>', now).execute();
  for (const h of holds) add(deposits, h.currency, toBigInt(h.amount_minor));
  return [...listed('balance', balances), ...listed('open_trade', trades), ...listed('pending_withdrawal', withdrawals), ...listed('pending_deposit', deposits)];
}

export async function closureStatus(deps: ClosureDeps, userId: number, now: Date): Promise<ClosureStatus> {
  return { blockers: await closureBlockers(deps, deps.db, userId, now) };
}

/** Whether the account is closed (the sign-in gate asks). */
export async function closedAt(db: DbOrTx, userId: number): Promise<Date | null> {
  const row = await db.selectFrom('account_closures').select('closed_at').where('user_id', '=', userId).executeTakeFirst();
  return row?.closed_at ?? null;
}

const blocked = (blockers: ClosureBlocker[]) =>
  new Refusal(409, 'closure.blocked', 'Something is still to be settled: see the list.', { params: { kinds: [...new Set(blockers.map((b) => b.kind))].join(',') } });

/** Closes the account: checked, then recorded with every session ended, in one transaction. */
export async function closeAccount(deps: ClosureDeps, userId: number, req: CloseAccountRequest, ip: string, now: Date): Promise<CloseAccountResponse> {
  const { db } = deps;
  if (!isClosureReason(req.reason)) throw new Refusal(400, 'closure.reason', 'Choose why you are closing your account.', { fields: { reason: 'closure.reason' } });
  const text = req.text.trim();
  if (text.length > CLOSURE_RULES.textMax || (req.reason === 'other' && text.length < CLOSURE_RULES.otherMin)) {
    throw new Refusal(400, 'closure.text', `Tell us in ${CLOSURE_RULES.otherMin} to ${CLOSURE_RULES.textMax} characters.`, { fields: { text: 'closure.text' } });
  }
  await confirmPassword(db, userId, req.password, ip, 'closure.password');
  const open = await closureBlockers(deps, db, userId, now);
  if (open.length > 0) throw blocked(open);
  const closed = await db.transaction().execute(async (trx) => {
    // the trader's deposits take the same lock (deposit-limits.ts): none can start in between
    await sql`select 1 from users where id = ${userId} for no key update`.execute(trx);
    const already = await closedAt(trx, userId);
    if (already) return { closed: true as const, closed_at: already.toISOString() };
    const blockers = await closureBlockers(deps, trx, userId, now, false);
    if (blockers.length > 0) throw blocked(blockers);
    await trx.insertInto('account_closures').values({ user_id: userId, reason: req.reason, text, closed_at: now }).execute();
    await endUserSessions(trx, userId);
    // passkeys are credentials, not records: a closed account keeps none (the gate refuses it anyway)
    await trx.deleteFrom('passkeys').where('user_id', '=', userId).execute();
    return { closed: true as const, closed_at: now.toISOString() };
  });
  // the embedded platform's sessions too, in every browser (after the commit: the platform is another system)
  await endPlatformSessions(deps, userId);
  return closed;
}

async function endPlatformSessions(deps: ClosureDeps, userId: number): Promise<void> {
  if (!deps.platform.endSessions) return;
  for (const login of await platformLoginsOf(deps.db, userId)) await deps.platform.endSessions(login);
}
