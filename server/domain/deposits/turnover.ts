import type { Transaction } from 'kysely';
import { formatMoney } from '../../../core/money';
import type { Database } from '../../db/schema';
import '../../db/schema-turnover';
import { toBigInt } from '../../db/values';
import { transfer } from '../ledger';
import { notify } from '../notifications/notify';

/**
 * The bonus turnover, counted and paid (docs/engagement.md "The bonus balance"). The one rule:
 *
 *   The bonus balance of a currency moves to the trading account of that currency when the
 *   trader's bonus turnover is met. The turnover is the stakes of trades settled on the platform
 *   in that account's currency; a deposit bonus raises the need by 30 × the bonus
 *   (settings.bonusTurnover). A need of 0 (only a risk-free refund, a giveaway or an IQ reward
 *   in the bonus balance) is met by the next settled trade.
 *
 * `countTurnover` runs in the settlement booking's transaction (server/domain/trading/booking.ts),
 * once per platform trade: the `turnover_trades` row (primary key = the platform's trade id) is
 * the once, so booking a trade twice, or two bookings at once, add its stake once. When the
 * counted turnover reaches the need, the whole bonus balance moves to the trading account by one
 * `transfer()` (kind `bonus_release`, key `bonus-release:{accountId}:{tradeId}`: the trade that
 * met the need names it, so a later bonus with the same need gets its own key); the trading
 * account is mirrored to the platform, so the ledger writes its platform_outbox row in the same
 * transaction and the platform is credited as a deposit is. Then need and current go back to 0:
 * turnover beyond the need is not carried over to a later bonus, and trades settled while no
 * bonus waits count towards nothing.
 *
 * Currencies: the platform account has one currency, the one of the mirrored trading account, and
 * the booking finds that account by the trade's currency; the product has no conversion rule for
 * turnover, so only trades in the account's currency are counted.
 */

export interface TurnoverInput {
  userId: number;
  /** the trading account the trade is booked on (mirrored to the trader's platform login) */
  accountId: number;
  tradeId: string;
  /** the trade's stake in minor units of `currency`; undefined when the platform did not report it */
  stakeMinor: bigint | undefined;
  currency: string;
}

export interface TurnoverCounted {
  /** the stake added (0n when this trade was counted before) */
  countedMinor: bigint;
  /** the bonus moved to the trading account by this trade, if any */
  released: { amountMinor: bigint; currency: string; txId: string } | null;
}

/** Adds a settled trade's stake to the account's bonus turnover, once, and releases the bonus when the need is met. */
export async function countTurnover(trx: Transaction<Database>, input: TurnoverInput): Promise<TurnoverCounted> {
  const none: TurnoverCounted = { countedMinor: 0n, released: null };
  const stake = input.stakeMinor;
  if (stake === undefined || stake <= 0n) return none;
  // the trading account first, as a withdrawal locks it first (no lock cycle with a withdrawal's forfeit)
  const account = await trx.selectFrom('accounts').select(['id', 'currency']).where('id', '=', input.accountId).where('user_id', '=', input.userId).forUpdate().executeTakeFirst();
  if (!account || account.currency !== input.currency) return none;
  const counted = await trx
    .insertInto('turnover_trades')
    .values({ platform_trade_id: input.tradeId, account_id: input.accountId, stake_minor: stake })
    .onConflict((oc) => oc.column('platform_trade_id').doNothing())
    .returning('platform_trade_id')
    .executeTakeFirst();
  if (!counted) return none;
  const row = await trx
    .insertInto('account_turnover')
    .values({ account_id: input.accountId, current_minor: stake, need_minor: 0n })
    .onConflict((oc) => oc.column('account_id').doUpdateSet((eb) => ({ current_minor: eb(eb.ref('account_turnover.current_minor'), '+', stake) })))
    .returning(['current_minor', 'need_minor'])
    .executeTakeFirstOrThrow();
  const current = toBigInt(row.current_minor);
  const need = toBigInt(row.need_minor);
  if (current < need) return { countedMinor: stake, released: null };

  // the need is met (a need of 0 by this trade): the whole bonus balance of the currency is released
  let released: TurnoverCounted['released'] = null;
  const bonus = await trx
    .selectFrom('accounts')
    .select(['id', 'balance_minor'])
    .where('user_id', '=', input.userId)
    .where('type', '=', 'bonus')
    .where('currency', '=', input.currency)
    .forUpdate()
    .executeTakeFirst();
  const balance = bonus ? toBigInt(bonus.balance_minor) : 0n;
  if (bonus && balance > 0n) {
    const key = `bonus-release:${input.accountId}:${input.tradeId}`;
    const tx = await transfer(trx, {
      kind: 'bonus_release',
      idempotencyKey: key,
      debitAccountId: bonus.id,
      creditAccountId: input.accountId,
      amountMinor: balance,
      currency: input.currency,
      meta: { platformTrade: input.tradeId, turnover: formatMoney(current, input.currency), need: formatMoney(need, input.currency) },
    });
    released = { amountMinor: balance, currency: input.currency, txId: tx.txId };
    await notify(trx, { userId: input.userId, kind: 'bonus.released', params: { amount: formatMoney(balance, input.currency), currency: input.currency }, key });
  }
  await trx.updateTable('account_turnover').set({ current_minor: 0n, need_minor: 0n }).where('account_id', '=', input.accountId).execute();
  return { countedMinor: stake, released };
}
