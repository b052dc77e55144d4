import type { RealityCheck } from '../../../core/contract/reality-check';
import { formatMoney, isCurrency } from '../../../core/money';
import { defaultRealityCheck, isRealityCheckMinutes, REALITY_CHECK_CHOICES } from '../../../core/reality-check';
import type { Db } from '../../db';
import '../../db/schema-reality-check';
import type { PlatformGateway } from '../ports';
import { Refusal } from '../refusal';

/**
 * The reality check (issue 30 §2; rules in core/reality-check.ts): the interval in force (the
 * trader's own, else their country's default) and this session's figures: how many trades
 * settled since it signed in and their net result, read from the platform (payouts minus stakes
 * of the trades settled since the session's start, in the trader's currency).
 */
export interface RealityCheckDeps {
  db: Db;
  platform: PlatformGateway;
}

export async function realityCheck(deps: RealityCheckDeps, userId: number, sessionStart: Date): Promise<RealityCheck> {
  const user = await deps.db.selectFrom('users').select(['email', 'country', 'currency']).where('id', '=', userId).executeTakeFirstOrThrow();
  const own = await deps.db.selectFrom('reality_checks').select('minutes').where('user_id', '=', userId).executeTakeFirst();
  let trades = 0;
  let net = 0n;
  if (deps.platform.settledTrades) {
    // the trader's platform login is their email (server/domain/trading/booking.ts)
    const settled = await deps.platform.settledTrades({ login: user.email, since: sessionStart, limit: 1000 });
    for (const trade of settled) {
      if (trade.settledAt.getTime() < sessionStart.getTime() || trade.currency !== user.currency || !isCurrency(trade.currency)) continue;
      trades += 1;
      net += trade.profitMinor;
    }
  }
  return {
    minutes: own?.minutes ?? defaultRealityCheck(user.country),
    chosen: own !== undefined,
    choices: [...REALITY_CHECK_CHOICES],
    session_started_at: sessionStart.toISOString(),
    trades,
    net: formatMoney(net, user.currency),
    currency: user.currency,
  };
}

export async function setRealityCheck(deps: RealityCheckDeps, userId: number, minutes: number, sessionStart: Date, now: Date): Promise<RealityCheck> {
  if (!Number.isInteger(minutes) || !isRealityCheckMinutes(minutes)) {
    throw new Refusal(400, 'reality.minutes', `Choose one of the offered intervals: ${REALITY_CHECK_CHOICES.join(', ')} minutes (0 is off).`, { fields: { minutes: 'reality.minutes' } });
  }
  await deps.db
    .insertInto('reality_checks')
    .values({ user_id: userId, minutes, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ minutes, updated_at: now }))
    .execute();
  return realityCheck(deps, userId, sessionStart);
}
