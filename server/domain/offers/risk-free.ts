import { sql } from 'kysely';
import { BONUS_CURRENCIES } from '../../../core/amount';
import { formatMoney, parseMoney } from '../../../core/money';
import '../../db/schema-offers';
import { bonusAccount } from '../deposits/bonus';
import { houseAccount, transfer, type DbOrTx } from '../ledger';
import { notify } from '../notifications/notify';
import type { PlatformGateway, SettledTrade } from '../ports';

/**
 * The risk-free offer (spec 001 §2 "risk free", §4, §9), the third timed offer.
 *
 * Accepting (within 3600 s of the first show) makes the trader's NEXT trade, the first trade
 * opened on the platform in the RISK_FREE_HOURS after accepting, risk-free: when its result is
 * booked into the ledger (server/domain/trading/booking.ts calls `settleRiskFree` in the same
 * transaction as the trade's booking) and it lost, the loss, at most RISK_FREE_CAP, is refunded
 * from the house into the trader's bonus balance by one transfer (`offer_riskfree`, key
 * `offer:{id}:riskfree`). A win or a tie refunds nothing and uses the offer up. The offer row is
 * locked while settling and settled once (riskfree_settled_at), so booking twice, or two bookings
 * at once, pay once.
 */

/** 001 §9: the risk-free offer's timer */
export const RISK_FREE_WINDOW_MS = 3600_000;
/** offered this long after signing in (the page has settled; not a pop-up at the door) */
export const RISK_FREE_DELAY_MS = 300_000;
/** the most refunded, in the trader's currency */
export const RISK_FREE_CAP = '25';
/** after accepting, the next trade opened within this many hours is covered */
export const RISK_FREE_HOURS = 24;
const RISK_FREE_HOURS_MS = RISK_FREE_HOURS * 3600_000;

/** The trade an accepted risk-free offer covers (the first opened in its window), if it is known yet. */
export interface RiskFreeCover {
  offerId: string;
  tradeId: string;
}

/**
 * Before booking: the trader's accepted, unsettled risk-free offer and the trade it covers, the
 * first trade opened on the platform from accepting to 24 hours later (asked of the platform's
 * order list, so a later trade that happens to settle first is never taken for it). Null when
 * there is no such offer or no such trade yet.
 */
export async function riskFreeCover(db: DbOrTx, platform: PlatformGateway, userId: number, login: string): Promise<RiskFreeCover | null> {
  const offer = await db
    .selectFrom('offers')
    .select(['id', 'outcome_at'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'risk_free')
    .where('outcome', '=', 'accepted')
    .where('riskfree_settled_at', 'is', null)
    .orderBy('outcome_at', 'desc')
    .executeTakeFirst();
  if (!offer?.outcome_at || !platform.orders) return null;
  const from = offer.outcome_at.getTime();
  const query = { dateFrom: from, dateTo: from + RISK_FREE_HOURS_MS - 1, limit: 1, offset: 0 };
  // the list is newest first: its total says where the first one is
  const newest = await platform.orders(login, query);
  if (!newest || newest.total === 0) return null;
  const first = newest.total === 1 ? newest : await platform.orders(login, { ...query, offset: newest.total - 1 });
  const trade = first?.list[0];
  return trade ? { offerId: String(offer.id), tradeId: trade.id } : null;
}

export interface RiskFreeSettled {
  offerId: string;
  refundMinor: bigint;
  currency: string;
}

/**
 * At settlement booking, in the booking's transaction: when `trade` is the covered trade, settles
 * the offer once: a loss refunded (capped) into the bonus balance with a notification
 * `offer.refunded`, a win or a tie recorded with nothing refunded. Null when the trade is not
 * covered or the offer was settled already.
 */
export async function settleRiskFree(trx: DbOrTx, userId: number, trade: SettledTrade, cover: RiskFreeCover | null, now = new Date()): Promise<RiskFreeSettled | null> {
  if (!cover || cover.tradeId !== trade.id) return null;
  const row = await trx.selectFrom('offers').select(['id', 'riskfree_settled_at']).where('id', '=', cover.offerId).where('user_id', '=', userId).forUpdate().executeTakeFirst();
  if (!row || row.riskfree_settled_at) return null;
  const currency = trade.currency;
  const loss = trade.profitMinor < 0n ? -trade.profitMinor : 0n;
  // the cap is stated in a bonus currency; a trade in another currency is not refunded
  const cap = BONUS_CURRENCIES.includes(currency) ? parseMoney(RISK_FREE_CAP, currency) : 0n;
  const refund = loss < cap ? loss : cap;
  let txId: string | null = null;
  if (refund > 0n) {
    const house = await houseAccount(trx, currency);
    const bonus = await bonusAccount(trx, userId, currency);
    const tx = await transfer(trx, {
      kind: 'offer_riskfree',
      idempotencyKey: `offer:${cover.offerId}:riskfree`,
      debitAccountId: house,
      creditAccountId: bonus,
      amountMinor: refund,
      currency,
      meta: { offer: cover.offerId, platformTrade: trade.id, loss: formatMoney(loss, currency) },
    });
    txId = tx.txId;
  }
  await trx
    .updateTable('offers')
    .set({ riskfree_trade_id: trade.id, riskfree_settled_at: now, riskfree_refund_minor: refund, credit_tx_id: txId })
    .where('id', '=', cover.offerId)
    .execute();
  if (refund > 0n) {
    await notify(trx, { userId, kind: 'offer.refunded', params: { offer: 'risk_free', value: formatMoney(refund, currency), currency, trade: trade.id }, key: `offer:${cover.offerId}:refunded` });
  }
  return { offerId: cover.offerId, refundMinor: refund, currency };
}

/** Whether the trader has ever had a trade result booked (the risk-free offer is for a trader who has not traded yet). */
export async function hasTraded(db: DbOrTx, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.tx_id')
    .innerJoin('accounts as a', 'a.id', 'e.account_id')
    .select(sql<number>`1`.as('one'))
    .where('a.user_id', '=', userId)
    .where('t.kind', '=', 'trade_result')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

type RefundListener = (userId: number) => void;
const listeners = new WeakMap<object, Set<RefundListener>>();

/**
 * The routes hear refunds paid by bookings on this database (to push notification.new after the
 * booking's commit): booking runs in the platform mirror's worker and in the balance sync, which
 * hold no push hub. Returns the stop.
 */
export function onRiskFreeRefunded(db: object, listener: RefundListener): () => void {
  const set = listeners.get(db) ?? new Set<RefundListener>();
  listeners.set(db, set);
  set.add(listener);
  return () => set.delete(listener);
}

/** After the booking's transaction committed with a refund in it. */
export function announceRiskFreeRefund(db: object, userId: number): void {
  for (const listener of listeners.get(db) ?? []) {
    try {
      listener(userId);
    } catch {
      // a push is a speed-up: the bell reads the stored notification anyway
    }
  }
}
