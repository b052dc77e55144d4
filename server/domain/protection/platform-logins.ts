import type { DbOrTx } from '../ledger';

/**
 * Every platform login of a trader: their email (the main one, server/domain/trading/booking.ts)
 * and each mirrored account's own. What the broker asks the platform to do for a trader as a
 * whole (end its sessions, turn trading off) is done for each.
 */
export async function platformLoginsOf(db: DbOrTx, userId: number): Promise<string[]> {
  const { email } = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  const mirrored = await db.selectFrom('accounts').select('platform_login').where('user_id', '=', userId).execute();
  return [...new Set([email, ...mirrored.map((a) => a.platform_login).filter((l): l is string => l !== null)])];
}
