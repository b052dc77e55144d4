import { isBlockedCountry } from '../../../core/contract/countries';
import type { DbOrTx } from '../ledger';
import type { PlatformGateway } from '../ports';
import { Refusal } from '../refusal';
import { platformLoginsOf } from './platform-logins';

/**
 * A country we no longer serve (core/contract/countries.ts `block`; issue 30 §5, docs/eligibility.md):
 * its residents cannot register (server/domain/register/register.ts), and an existing trader may
 * neither deposit (every method asks holdDeposit, which asks here) nor trade (the platform is told
 * to refuse at each sign-in, by the password step every way in passes; never by a GET). Withdrawals
 * are still paid: the money is the trader's.
 */

/** Whether the trader's country of residence (users.country) is blocked. */
export async function livesInBlockedCountry(db: DbOrTx, userId: number): Promise<boolean> {
  const user = await db.selectFrom('users').select('country').where('id', '=', userId).executeTakeFirst();
  return user ? isBlockedCountry(user.country) : false;
}

/** A deposit of a trader from a blocked country: 403 deposit.country_blocked (cashier lock `country_blocked`). */
export async function assertCountryServed(db: DbOrTx, userId: number): Promise<void> {
  if (await livesInBlockedCountry(db, userId)) {
    throw new Refusal(403, 'deposit.country_blocked', 'We no longer serve residents of your country: deposits are closed. You can still withdraw your money.');
  }
}

/**
 * Tells the platform to refuse every trade of a trader from a blocked country (idempotent; a platform
 * without the call, or one that cannot be reached now, is asked again at the next sign-in).
 * Returns whether the trader's country is blocked.
 */
export async function refuseTradingIfBlocked(deps: { db: DbOrTx; platform: PlatformGateway }, userId: number): Promise<boolean> {
  if (!(await livesInBlockedCountry(deps.db, userId))) return false;
  try {
    for (const login of await platformLoginsOf(deps.db, userId)) await deps.platform.refuseTrading?.(login, 'country_blocked');
  } catch {
    // the lock is still shown and deposits are still refused; the platform is told next time
  }
  return true;
}
