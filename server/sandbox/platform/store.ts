import { toBigInt } from '../../db/values';
import type { DbOrTx } from '../../domain/ledger';
import { formatMoney } from '../../../core/money';
import { hashPassword } from '../../domain/passwords';
import { hashToken, newToken } from '../../domain/tokens';

/**
 * The sandbox trading platform's own records: its accounts (login = email, its own password
 * hash and balance) and its sessions. It is a third party: nothing here reads the broker's
 * tables, and the broker reaches it only through gateway.ts.
 */
export const PLATFORM_SESSION_TTL_MS = 12 * 60 * 60_000;

export interface PlatformAccount {
  id: number;
  login: string;
  passwordHash: string;
  currency: string;
  balanceMinor: bigint;
}

const normalizeLogin = (login: string): string => login.trim().toLowerCase();

export async function findAccount(db: DbOrTx, login: string): Promise<PlatformAccount | undefined> {
  const row = await db.selectFrom('platform_accounts').selectAll().where('login', '=', normalizeLogin(login)).executeTakeFirst();
  return row && { id: row.id, login: row.login, passwordHash: row.password_hash, currency: row.currency, balanceMinor: toBigInt(row.balance_minor) };
}

/** Creates the account; false when the login exists already (nothing changes). */
export async function createAccount(db: DbOrTx, input: { login: string; password: string; currency: string; balanceMinor?: bigint }): Promise<boolean> {
  const row = await db
    .insertInto('platform_accounts')
    .values({
      login: normalizeLogin(input.login),
      password_hash: await hashPassword(input.password),
      currency: input.currency,
      balance_minor: input.balanceMinor ?? 0n,
    })
    .onConflict((oc) => oc.column('login').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function userInfoOf(account: PlatformAccount): { available: string; currency: string; login: string } {
  return { available: formatMoney(account.balanceMinor, account.currency), currency: account.currency, login: account.login };
}

export interface NewPlatformSession {
  /** the pf_session cookie value */
  cookie: string;
  /** handed to the browser in the login answer; the broker checks it through the gateway */
  token: string;
}

export async function createPlatformSession(db: DbOrTx, accountId: number): Promise<NewPlatformSession> {
  const cookie = newToken();
  const token = newToken();
  await db
    .insertInto('platform_sessions')
    .values({ id: hashToken(cookie), token_hash: hashToken(token), account_id: accountId, expires_at: new Date(Date.now() + PLATFORM_SESSION_TTL_MS) })
    .execute();
  return { cookie, token };
}

async function accountOfSession(db: DbOrTx, column: 'id' | 'token_hash', secret: string): Promise<PlatformAccount | undefined> {
  if (!secret || secret.length > 100) return undefined;
  const row = await db
    .selectFrom('platform_sessions as s')
    .innerJoin('platform_accounts as a', 'a.id', 's.account_id')
    .select(['a.id', 'a.login', 'a.password_hash', 'a.currency', 'a.balance_minor'])
    .where(`s.${column}`, '=', hashToken(secret))
    .where('s.expires_at', '>', new Date())
    .executeTakeFirst();
  return row && { id: row.id, login: row.login, passwordHash: row.password_hash, currency: row.currency, balanceMinor: toBigInt(row.balance_minor) };
}

export const accountOfCookie = (db: DbOrTx, cookie: string) => accountOfSession(db, 'id', cookie);
export const accountOfToken = (db: DbOrTx, token: string) => accountOfSession(db, 'token_hash', token);

export async function destroyPlatformSession(db: DbOrTx, cookie: string): Promise<void> {
  if (!cookie || cookie.length > 100) return;
  await db.deleteFrom('platform_sessions').where('id', '=', hashToken(cookie)).execute();
}

/** The login's platform sessions end now (as if they had expired). */
export async function expirePlatformSessions(db: DbOrTx, accountId: number): Promise<void> {
  await db.updateTable('platform_sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('account_id', '=', accountId).execute();
}
