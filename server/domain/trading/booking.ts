import { sql } from 'kysely';
import type { Db } from '../../db';
import { toBigInt } from '../../db/values';
import type { PlatformGateway } from '../ports';
import { houseAccount, InsufficientFunds, transfer } from '../ledger';
import { announceRiskFreeRefund, riskFreeCover, settleRiskFree } from '../offers/risk-free';
import { countTurnover } from '../deposits/turnover';
import { formatMoney, isCurrency, parseMoney } from '../../../core/money';

export interface BookingResult {
  /** settled trades newly booked to the trading account */
  booked: number;
  /** the platform's balance as the platform reported it (null: no platform account) */
  platformAvailable: string | null;
}

/**
 * The balance sync (spec 002 §9): the page reports the platform balance it saw; the server does
 * not trust that figure. It asks the platform for the trades of this trader settled since the
 * last sync and books each result into the ledger once (idempotency key per platform trade):
 * a profit from the house account to the trader's trading account, a loss the other way.
 * A loss the trading account cannot cover is left for the next sync (the cursor stays before it).
 */
export async function bookSettledTrades(db: Db, platform: PlatformGateway, userId: number): Promise<BookingResult> {
  const user = await db.selectFrom('users').select(['email', 'currency']).where('id', '=', userId).executeTakeFirstOrThrow();
  const info = await platform.userInfo(user.email);
  if (!info || !platform.settledTrades) return { booked: 0, platformAvailable: info?.available ?? null };
  await db.insertInto('trading_sync').values({ user_id: userId }).onConflict((oc) => oc.column('user_id').doNothing()).execute();

  const sync = await db.selectFrom('trading_sync').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
  const trades = await platform.settledTrades({ login: user.email, since: sync.cursor ?? undefined, limit: 500 });
  let booked = 0;
  // a risk-free refund or a bonus release in a committed booking: pushed after the commit
  let announce = false;
  let cursor = sync.cursor;
  // the trade an accepted risk-free offer covers, if any (server/domain/offers/risk-free.ts)
  const cover = trades.length > 0 ? await riskFreeCover(db, platform, userId, user.email) : null;
  // each result is its own ledger transaction (a concurrent sync of the same trade replays it)
  for (const trade of trades) {
    // a tie moves no money but its stake still counts into the bonus turnover
    if ((trade.profitMinor !== 0n || trade.id === cover?.tradeId || (trade.stakeMinor ?? 0n) > 0n) && isCurrency(trade.currency)) {
      // the account the platform login mirrors (migration 060)
      const account = await db
        .selectFrom('accounts')
        .select('id')
        .where('user_id', '=', userId)
        .where('platform_login', '=', user.email)
        .where('currency', '=', trade.currency)
        .executeTakeFirst();
      if (account) {
        const house = await houseAccount(db, trade.currency);
        const won = trade.profitMinor > 0n;
        try {
          const result = await db.transaction().execute(async (trx) => {
            // a tie moves nothing (it is here only when a risk-free offer covers it)
            const moved =
              trade.profitMinor === 0n
                ? null
                : await transfer(trx, {
                    kind: 'trade_result',
                    idempotencyKey: `platform-trade:${trade.id}`,
                    debitAccountId: won ? house : account.id,
                    creditAccountId: won ? account.id : house,
                    amountMinor: won ? trade.profitMinor : -trade.profitMinor,
                    currency: trade.currency,
                    meta: { platformTrade: trade.id, symbol: trade.symbol, status: trade.status },
                    // the platform made this movement itself: it is not sent back through the outbox
                    mirror: false,
                  });
            // the bonus turnover (docs/engagement.md "The bonus balance"): the stake counted once per trade, the bonus
            // released when the need is met; before the risk-free refund, so a refund waits for the next trade like any bonus
            const turnover = await countTurnover(trx, { userId, accountId: account.id, tradeId: trade.id, stakeMinor: trade.stakeMinor, currency: trade.currency });
            // the hook: the risk-free refund of the covered trade, in this transaction, so never without the booked result
            const riskFree = await settleRiskFree(trx, userId, trade, cover);
            return { fresh: moved !== null && !moved.replayed, announce: (riskFree?.refundMinor ?? 0n) > 0n || turnover.released !== null };
          });
          if (result.fresh) booked += 1;
          if (result.announce) announce = true;
        } catch (error) {
          if (error instanceof InsufficientFunds) break;
          throw error;
        }
      }
    }
    cursor = trade.settledAt;
  }
  await db
    .updateTable('trading_sync')
    .set((eb) => ({
      // the cursor only moves forward, whichever sync finishes last
      cursor: cursor === null ? eb.ref('cursor') : sql<Date>`greatest(coalesce(cursor, ${cursor}), ${cursor})`,
      booked: sql<number>`booked + ${booked}`,
      platform_available_minor: isCurrency(info.currency) ? parseMoney(info.available, info.currency) : null,
      synced_at: new Date(),
    }))
    .where('user_id', '=', userId)
    .execute();
  // the one post-booking listener (server/routes/offers.ts): notification.new and user.updated
  if (announce) announceRiskFreeRefund(db, userId);
  return { booked, platformAvailable: info.available };
}

/** What the last sync saw, for tests and support. */
export async function lastSync(db: Db, userId: number): Promise<{ booked: number; platformAvailable: string | null; syncedAt: Date | null } | null> {
  const row = await db.selectFrom('trading_sync').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return null;
  const user = await db.selectFrom('users').select('currency').where('id', '=', userId).executeTakeFirstOrThrow();
  return {
    booked: row.booked,
    platformAvailable: row.platform_available_minor === null ? null : formatMoney(toBigInt(row.platform_available_minor), user.currency),
    syncedAt: row.synced_at,
  };
}
