import { OFFERED_ACCOUNT_CURRENCIES } from '../../core/contract';
import type { AccountRow } from '../db/schema';
import type { DbOrTx } from './ledger';
import { isDemoEmail } from './users';
import { Refusal } from './security/refusal';

/**
 * The trader's accounts (spec 000 §5, 001 §4, 002 §3): switching the current one, the exchange
 * account, opening an account in another currency.
 */
const NOT_SET = () => new Refusal(404, 'account.not_set', 'Some errors, please try again. Cant set account id.');

export async function setCurrentAccount(db: DbOrTx, userId: number, accountId: number): Promise<number> {
  const account = await db.selectFrom('accounts').select(['id', 'type']).where('id', '=', accountId).where('user_id', '=', userId).executeTakeFirst();
  if (!account || account.type === 'pending' || account.type === 'house') throw NOT_SET();
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
  const id =
    (existing.find((a) => a.currency === user.currency) ?? existing[0])?.id ??
    (await db.insertInto('accounts').values({ user_id: userId, currency: user.currency, type: 'exchange', account_group: 'exchange' }).returning('id').executeTakeFirstOrThrow()).id;
  await db.updateTable('users').set({ current_account_id: id }).where('id', '=', userId).execute();
  return id;
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
  const row = await db
    .insertInto('accounts')
    .values({ user_id: userId, currency, type, account_group: demo ? 'demo' : 'standard' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
