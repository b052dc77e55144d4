import type { Db } from '../../db';
import { Refusal } from '../security/refusal';

/** Letters only, lower case, single spaces: "  sandbox   TRADER " and "Sandbox Trader" are one name. */
export const normalizeName = (name: string): string => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

/**
 * The client agreement (spec 002 §4): the trader signs by typing their full name as registered.
 * Signing is idempotent and unlocks trading (users.sign); a name that is not theirs writes nothing.
 */
export async function signAgreement(db: Db, userId: number, typed: string): Promise<void> {
  const user = await db.selectFrom('users').select(['first_name', 'last_name', 'sign']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (user.sign) return;
  const registered = normalizeName(`${user.first_name} ${user.last_name}`);
  if (normalizeName(typed) !== registered) {
    throw new Refusal(400, 'sign.name', 'Type your full name exactly as registered.');
  }
  await db.updateTable('users').set({ sign: true }).where('id', '=', userId).execute();
}
