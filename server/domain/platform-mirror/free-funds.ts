import type { DbOrTx } from '../ledger';
import { toBigInt } from '../../db/values';
import type { PlatformGateway } from '../ports';
import { formatMoney, isCurrency, parseMoney } from '../../../core/money';
import { Refusal } from '../refusal';

/**
 * What may leave a platform-mirrored account now: the platform's available balance plus what
 * the outbox has not delivered yet. The stakes of open trades are in our ledger balance but not
 * free: taking them (a withdrawal, a tip) would leave the platform unable to book the loss.
 * null when the account is not mirrored (its ledger balance is all there is).
 */
export async function freeOnPlatform(db: DbOrTx, platform: PlatformGateway, accountId: number): Promise<bigint | null> {
  const account = await db.selectFrom('accounts').select(['platform_login', 'currency']).where('id', '=', accountId).executeTakeFirst();
  if (!account?.platform_login) return null;
  let info: Awaited<ReturnType<PlatformGateway['userInfo']>>;
  try {
    info = await platform.userInfo(account.platform_login);
  } catch {
    info = null;
  }
  if (!info || !isCurrency(info.currency) || info.currency !== account.currency) {
    throw new Refusal(503, 'platform.unavailable', 'The trading platform is not reachable right now. Please try again shortly.');
  }
  const pending = await db
    .selectFrom('platform_outbox')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | bigint>('amount_minor'), eb.lit(0)).as('sum'))
    .where('account_id', '=', accountId)
    .where('delivered_at', 'is', null)
    .executeTakeFirstOrThrow();
  return parseMoney(info.available, info.currency) + toBigInt(pending.sum as string | bigint);
}

/** Refuses (409 funds.in_trades) an amount above what is free on the platform; `what` names the action. */
export async function requireFreeOnPlatform(db: DbOrTx, platform: PlatformGateway | undefined, accountId: number, amountMinor: bigint, what: 'withdraw' | 'tip'): Promise<void> {
  if (!platform) return;
  const free = await freeOnPlatform(db, platform, accountId);
  if (free === null || amountMinor <= free) return;
  const { currency } = await db.selectFrom('accounts').select('currency').where('id', '=', accountId).executeTakeFirstOrThrow();
  const shown = formatMoney(free < 0n ? 0n : free, currency);
  throw new Refusal(409, 'funds.in_trades', `Part of your balance is in open trades. You can ${what} up to ${shown} ${currency} now, or wait until your trades close.`);
}
