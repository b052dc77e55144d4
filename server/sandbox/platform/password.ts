import type { DbOrTx } from '../../domain/ledger';
import { hashPassword } from '../../domain/passwords';

/** The sandbox platform's side of a password change: a new argon2id hash for the login. */
export async function setAccountPassword(db: DbOrTx, login: string, password: string): Promise<boolean> {
  const result = await db
    .updateTable('platform_accounts')
    .set({ password_hash: await hashPassword(password) })
    .where('login', '=', login.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
