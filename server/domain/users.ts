import { sql } from 'kysely';
import type { Balance, BonusBalance, CurrentUser } from '../../core/contract';
import type { SessionRow, UserRow } from '../db/schema';
import { compiledOnce } from '../db/compiled-once';
import { liveSession, splitSession } from './sessions';
import { toCount } from '../db/values';
import type { DbOrTx } from './ledger';
import { formatMoney, isCurrency } from '../../core/money';

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** A demo account is one whose email domain is the site's own host (spec 000 §6). */
export function isDemoEmail(email: string, siteHost: string): boolean {
  const at = email.lastIndexOf('@');
  return at > 0 && email.slice(at + 1).toLowerCase() === siteHost.toLowerCase();
}

export function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

/** an account as loadCurrentUser's one query returns it (numbers as text) */
interface AccountJson {
  id: string;
  currency: string;
  account_group: string;
  type: string;
  balance_minor: string;
  deposits_minor: string;
  /** bonus accounts: the trading account's turnover in that currency (null fields: no row yet) */
  turnover: { current_minor: string | null; need_minor: string | null } | null;
}

/** what the browser is shown of a user: every column but the password's hash, which a poll has no business reading */
const SHOWN_COLUMNS = [
  'users.id', 'users.email', 'users.first_name', 'users.last_name', 'users.country', 'users.currency', 'users.verification',
  'users.card_risk', 'users.cascade', 'users.md', 'users.mdps', 'users.affs_id', 'users.comments', 'users.two_factor',
  'users.reg_time', 'users.sign', 'users.last_count', 'users.tr_attemps', 'users.tr_success', 'users.tr_validate',
  'users.wd_methods', 'users.can_upload', 'users.fill_card', 'users.current_account_id',
] as const;
type ShownUser = Omit<UserRow, 'password_hash'>;

const contractType = (type: string): Balance['type'] | null =>
  type === 'trading' || type === 'exchange' || type === 'demo' ? type : null;

/**
 * The current user as the browser sees it (contract CurrentUser), built from the database.
 * Amounts are decimal strings. depositsTotal of the user sums the deposits in the user's own
 * currency only: amounts in different currencies are not added up without a rate.
 */
export async function loadCurrentUser(db: DbOrTx, userId: number, siteHost: string): Promise<CurrentUser | null> {
  // one round trip (/api/me is polled)
  const user = await db.selectFrom('users').select(SHOWN_COLUMNS).select([supportUnread(), accountsJson()]).where('id', '=', userId).executeTakeFirst();
  return user ? currentUserOf(user, siteHost) : null;
}

/**
 * GET /api/me's one round trip: the live session of `sessionId` (a cookie's hash) and
 * its signed-in user as loadCurrentUser builds it. undefined: no live session.
 */
export async function loadSessionUser(db: DbOrTx, sessionId: string, siteHost: string): Promise<{ session: SessionRow; user: CurrentUser | null } | undefined> {
  const [row] = await sessionUser(db, sessionId, new Date());
  if (!row) return undefined;
  const { session, rest: user } = splitSession(row);
  return {
    session,
    user:
      user.id === null
        ? null
        : {
            ...currentUserOf(user as ShownUser & { support_unread: bigint | string | number; accounts: AccountJson[] | string }, siteHost),
            // the session-time limit's end (server/domain/protection/session-limit.ts): the page can say why it ended
            ...(session.limit_ends_at ? { sessionEndsAt: session.limit_ends_at.toISOString() } : {}),
          },
  };
}

const sessionUser = compiledOnce((db, sessionId: string, now: Date) =>
  liveSession(db, sessionId, now).leftJoin('users', 'users.id', 's.user_id').select(SHOWN_COLUMNS).select([supportUnread(), accountsJson()]),
);

/** tickets with an agent reply the trader has not opened */
const supportUnread = () => sql<bigint | string | number>`(select count(*) from support_tickets t where t.user_id = users.id and t.trader_unread)`.as('support_unread');

/** the user's accounts with their deposit totals (kept by the ledger: accounts.deposits_minor) and, for a bonus account, the turnover of the trading
 *  account in its currency, as JSON whose numbers are text (a bigint never passes through a float) */
const accountsJson = () =>
  sql<AccountJson[] | string>`(
    select coalesce(json_agg(json_build_object(
      'id', a.id::text,
      'currency', a.currency,
      'account_group', a.account_group,
      'type', a.type,
      'balance_minor', a.balance_minor::text,
      'deposits_minor', a.deposits_minor::text,
      'turnover', case when a.type = 'bonus' then (
        select json_build_object('current_minor', tu.current_minor::text, 'need_minor', tu.need_minor::text)
        from accounts tr left join account_turnover tu on tu.account_id = tr.id
        where tr.user_id = a.user_id and tr.type = 'trading' and tr.currency = a.currency
        order by tr.id limit 1
      ) end
    ) order by a.id), '[]'::json)
    from accounts a where a.user_id = users.id
  )`.as('accounts');

function currentUserOf(user: ShownUser & { support_unread: bigint | string | number; accounts: AccountJson[] | string }, siteHost: string): CurrentUser {
  const accounts: AccountJson[] = typeof user.accounts === 'string' ? (JSON.parse(user.accounts) as AccountJson[]) : user.accounts;

  const balances: Balance[] = [];
  let depositsMinor = 0n;
  for (const a of accounts) {
    const type = contractType(a.type);
    if (!type || !isCurrency(a.currency)) continue;
    const deposits = BigInt(a.deposits_minor);
    if (a.currency === user.currency) depositsMinor += deposits;
    balances.push({
      accountId: a.id,
      currency: a.currency,
      accountGroup: a.account_group,
      type,
      amount: formatMoney(BigInt(a.balance_minor), a.currency),
      depositsTotal: formatMoney(deposits, a.currency),
    });
  }
  const bonuses: BonusBalance[] = [];
  for (const a of accounts) {
    // an emptied bonus account (released to trading, or forfeited) is no bonus: nothing is shown for it
    if (a.type !== 'bonus' || !isCurrency(a.currency) || BigInt(a.balance_minor) === 0n) continue;
    // the turnover the bonus asks is on the trader's trading account in that currency
    const turnover = a.turnover;
    bonuses.push({
      currency: a.currency,
      amount: formatMoney(BigInt(a.balance_minor), a.currency),
      turnoverDone: formatMoney(turnover?.current_minor ? BigInt(turnover.current_minor) : 0n, a.currency),
      turnoverNeed: formatMoney(turnover?.need_minor ? BigInt(turnover.need_minor) : 0n, a.currency),
    });
  }
  const currency = isCurrency(user.currency) ? user.currency : 'USD';
  const current = balances.find((b) => b.accountId === String(user.current_account_id)) ?? balances[0];
  return {
    userId: String(user.id),
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    country: user.country,
    currency,
    balances,
    ...(bonuses.length > 0 ? { bonuses } : {}),
    current_accountId: current?.accountId ?? '',
    available: current?.amount ?? formatMoney(0n, currency),
    affsId: user.affs_id,
    comments: user.comments,
    cascade: user.cascade,
    md: user.md,
    mdps: user.mdps,
    cardRisk: user.card_risk,
    verification: user.verification,
    two_factor: user.two_factor,
    isDemo: isDemoEmail(user.email, siteHost),
    regTime: user.reg_time.toISOString(),
    sign: user.sign,
    last_count: user.last_count,
    depositsTotal: formatMoney(depositsMinor, currency),
    tr_attemps: user.tr_attemps,
    tr_success: user.tr_success,
    tr_validate: user.tr_validate,
    wd_methods: user.wd_methods,
    can_upload: user.can_upload,
    fillCard: user.fill_card,
    support_unread: toCount(user.support_unread),
  };
}

/** A deposit's currency and the user's deposit settings (card and crypto options): the current account's currency, else the user's. */
export async function fundingProfileOf(db: DbOrTx, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'md', 'mdps', 'affs_id', 'comments', 'country', 'currency', 'current_account_id'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const account = user.current_account_id === null ? undefined : await db.selectFrom('accounts').select(['currency', 'type']).where('id', '=', user.current_account_id).executeTakeFirst();
  const currency = account && isCurrency(account.currency) ? account.currency : user.currency;
  return { id: user.id, email: user.email, md: user.md, mdps: user.mdps, affs_id: user.affs_id, comments: user.comments, country: user.country, currency, accountType: account?.type ?? null };
}

/** The user as the second factor needs it: id, email and the method set ('' for none). */
export function factorUserOf(db: DbOrTx, id: number) {
  return db.selectFrom('users').select(['id', 'email', 'two_factor']).where('id', '=', id).executeTakeFirstOrThrow();
}

export async function firstNameOf(db: DbOrTx, userId: number): Promise<string> {
  const user = await db.selectFrom('users').select('first_name').where('id', '=', userId).executeTakeFirstOrThrow();
  return user.first_name;
}

/** The id of the user with this (normalised) email. */
export async function userIdOfEmail(db: DbOrTx, email: string): Promise<number | undefined> {
  return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())?.id;
}

/** Sets a user's verification (the sandbox identity check); the user's id, or undefined when there is no such email. */
export async function setVerification(db: DbOrTx, email: string, verification: UserRow['verification']): Promise<number | undefined> {
  return (await db.updateTable('users').set({ verification }).where('email', '=', email).returning('id').executeTakeFirst())?.id;
}
