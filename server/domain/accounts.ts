import { OFFERED_ACCOUNT_CURRENCIES } from '../../core/contract';
import type { Db } from '../db';
import type { AccountRow } from '../db/schema';
import type { DbOrTx } from './ledger';
import { isDemoEmail } from './users';
import { Refusal } from './refusal';

/**
 * The trader's accounts (spec 000 §5, 001 §4, 002 §3): switching the current one, the exchange
 * account, opening an account in another currency.
 */
const NOT_SET = () => new Refusal(404, 'account.not_set', 'Some errors, please try again. Cant set account id.');

export async function setCurrentAccount(db: DbOrTx, userId: number, accountId: number): Promise<number> {
  const account = await db.selectFrom('accounts').select(['id', 'type']).where('id', '=', accountId).where('user_id', '=', userId).executeTakeFirst();
  if (!account || account.type === 'pending' || account.type === 'house' || account.type === 'bonus') throw NOT_SET();
  await db.updateTable('users').set({ current_account_id: account.id }).where('id', '=', userId).execute();
  return account.id;
}

/** Makes the exchange account current, opening an empty one in the trader's currency when there is none. */
export async function setExchangeAccount(db: DbOrTx, userId: number): Promise<number> {
  const user = await db.selectFrom('users').select(['currency']).where('id', '=', userId).executeTakeFirstOrThrow();
  const existing = await db
    .selectFrom('accounts')
    .select(['id', 'currency'])
    .where('user_id', '=', userId)
    .where('type', '=', 'exchange')
    .orderBy('id')
    .execute();
  const id = (existing.find((a) => a.currency === user.currency) ?? existing[0])?.id ?? (await openExchangeAccount(db, userId, user.currency));
  await db.updateTable('users').set({ current_account_id: id }).where('id', '=', userId).execute();
  return id;
}

/** The trader's exchange account in a currency, opened when missing (one per trader and currency: a parallel open finds the winner's). */
async function openExchangeAccount(db: DbOrTx, userId: number, currency: string): Promise<number> {
  await db
    .insertInto('accounts')
    .values({ user_id: userId, currency, type: 'exchange', account_group: 'exchange' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await db.selectFrom('accounts').select('id').where('user_id', '=', userId).where('currency', '=', currency).where('type', '=', 'exchange').executeTakeFirstOrThrow();
  return row.id;
}

/** The currencies a trader may open an account in: the offered list minus those held (demo accounts may repeat). */
export function offeredCurrencies(accounts: Pick<AccountRow, 'currency' | 'type'>[], demo: boolean): string[] {
  if (demo) return [...OFFERED_ACCOUNT_CURRENCIES];
  const held = new Set(accounts.filter((a) => a.type === 'trading').map((a) => a.currency));
  return OFFERED_ACCOUNT_CURRENCIES.filter((c) => !held.has(c));
}

export async function createAccount(db: DbOrTx, userId: number, currency: string, siteHost: string): Promise<number> {
  if (currency.trim() === '') throw new Refusal(400, 'account.choose_currency', 'Please chose currency!');
  const user = await db.selectFrom('users').select(['email']).where('id', '=', userId).executeTakeFirstOrThrow();
  const demo = isDemoEmail(user.email, siteHost);
  const accounts = await db.selectFrom('accounts').select(['currency', 'type']).where('user_id', '=', userId).execute();
  if (!offeredCurrencies(accounts, demo).includes(currency)) {
    throw new Refusal(409, 'account.not_offered', `You cannot open another ${currency.slice(0, 8)} account.`);
  }
  const type = demo ? 'demo' : 'trading';
  // one trading account per currency (accounts_one_per_user_currency_type): a parallel open of
  // the same currency, past the check above, inserts nothing and is refused like the check
  const row = await db
    .insertInto('accounts')
    .values({ user_id: userId, currency, type, account_group: demo ? 'demo' : 'standard' })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new Refusal(409, 'account.not_offered', `You cannot open another ${currency.slice(0, 8)} account.`);
  return row.id;
}

/** One account change at a time per trader: `work` runs with the trader's user row locked. */
async function oneAtATime<T>(db: Db, userId: number, work: (trx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    return work(trx);
  });
}

/** POST /api/us/set_account_exchange: setExchangeAccount, one change at a time. */
export const useExchangeAccount = (db: Db, userId: number): Promise<number> => oneAtATime(db, userId, (trx) => setExchangeAccount(trx, userId));

/** POST /api/us/create_account: createAccount, one at a time (two clicks cannot open the same currency twice). */
export const addAccount = (db: Db, userId: number, currency: string, siteHost: string): Promise<number> =>
  oneAtATime(db, userId, (trx) => createAccount(trx, userId, currency, siteHost));

/** The trader whose ledger account is mirrored to a platform login (its owner), if any. */
export async function ownerOfPlatformLogin(db: DbOrTx, login: string): Promise<{ user_id: number | null } | undefined> {
  return db.selectFrom('accounts').select('user_id').where('platform_login', '=', login).executeTakeFirst();
}

/** The ledger account mirrored to a platform login. */
export async function mirroredAccountOf(db: DbOrTx, login: string): Promise<{ id: number; user_id: number | null; currency: string } | undefined> {
  return db.selectFrom('accounts').select(['id', 'user_id', 'currency']).where('platform_login', '=', login).executeTakeFirst();
}
