import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { BONUS_CURRENCIES } from '../../../core/amount';
import type { AcceptResponse, IgnoreResponse, Offer, OfferKind, OffersResponse, OfferTerms } from '../../../core/contract/offers';
import { formatMoney, parseMoney } from '../../../core/money';
import '../../db/schema-offers';
import '../../db/schema-promo';
import type { Database } from '../../db/schema';
import type { OfferRow } from '../../db/schema-offers';
import { toBigInt } from '../../db/values';
import { bonusAccount, bonusRulesOf, type BonusSettings } from '../deposits/bonus';
import { DEPOSIT_KINDS, houseAccount, transfer, type DbOrTx } from '../ledger';
import { notify } from '../notifications/notify';
import { incentivesOffReason, incentivesRefusal } from '../protection/incentives';
import { Refusal } from '../refusal';
import { hasTraded, RISK_FREE_CAP, RISK_FREE_DELAY_MS, RISK_FREE_HOURS, RISK_FREE_WINDOW_MS } from './risk-free';

/**
 * Timed offers (spec 001 §2, §4, §7, §9). Honest, small and real:
 *
 * - limited (180 s to answer; once per trader, while the trader has made no deposit, 5 minutes
 *   after signing in): accepting
 *   issues a personal one-use promo code worth LIMITED_VALUE of extra bonus on one deposit made
 *   within LIMITED_CODE_HOURS; the deposit bonus redeems it like any other value code (the one
 *   bonus rule: server/domain/deposits/bonus.ts with core/amount.ts, under the maximum value and
 *   with the usual turnover).
 * - giveaway (offered 10 minutes after signing in, at most once per 24 hours; an hour to answer):
 *   accepting credits GIVEAWAY_VALUE into the trader's bonus balance, one ledger transfer from
 *   the house under the key `offer:{id}:giveaway`.
 *
 * - risk_free (3600 s to answer; once per trader, 5 minutes after signing in, once they have a
 *   credited deposit and while they have not traded yet): accepting makes the next trade opened within 24 hours risk-free, a loss
 *   refunded up to RISK_FREE_CAP into the bonus balance when that trade's result is booked
 *   (./risk-free.ts, called by the settlement booking).
 *
 * The deadline is fixed when an offer is first shown and never moves; an accept after it is
 * refused and the offer recorded as expired; ignoring is recorded; every outcome is written once.
 * IQ mining and the ladder are not offered here (docs/engagement.md).
 */

/** 001 §9: the limited offer's timer */
export const LIMITED_WINDOW_MS = 180_000;
/** the limited offer waits until the trader has been signed in this long (the page has settled; not a pop-up at the door) */
export const LIMITED_DELAY_MS = 300_000;
/** 001 §9: the giveaway appears 600000 ms after signing in */
export const GIVEAWAY_DELAY_MS = 600_000;
/** 001 §4: and again only after 24 hours */
export const GIVEAWAY_REPEAT_MS = 24 * 3600_000;
/** how long a giveaway waits for an answer */
export const GIVEAWAY_WINDOW_MS = 3600_000;
/** the limited offer's promo code: extra bonus value, and how long it can be used */
export const LIMITED_VALUE = '10';
export const LIMITED_CODE_HOURS = 24;
/** the giveaway's credit into the bonus balance */
export const GIVEAWAY_VALUE = '5';

const WINDOW: Record<OfferKind, number> = { limited: LIMITED_WINDOW_MS, giveaway: GIVEAWAY_WINDOW_MS, risk_free: RISK_FREE_WINDOW_MS };
const VALUE: Record<OfferKind, string> = { limited: LIMITED_VALUE, giveaway: GIVEAWAY_VALUE, risk_free: RISK_FREE_CAP };
const HOURS: Record<OfferKind, number> = { limited: LIMITED_CODE_HOURS, giveaway: 0, risk_free: RISK_FREE_HOURS };

export const OFFER_REFUSALS = {
  unknown: () => new Refusal(404, 'offer.unknown', 'There is no such offer.'),
  expired: () => new Refusal(410, 'offer.expired', 'This offer has ended: nothing was credited.'),
  ignored: () => new Refusal(409, 'offer.ignored', 'You declined this offer.'),
  accepted: () => new Refusal(409, 'offer.accepted', 'You have already accepted this offer.'),
  notShown: () => new Refusal(409, 'offer.not_shown', 'This offer has not been shown yet.'),
  currency: () => new Refusal(409, 'offer.currency', 'Offers are paid in USD, EUR, GBP or RUB only.'),
  noTrader: () => new Refusal(404, 'offer.no_trader', 'There is no trader with this email.'),
} as const;

export interface OfferContext {
  userId: number;
  /** when this session signed in (the giveaway's 10 minutes count from it) */
  signedInAt: Date;
  now: Date;
  settings?: BonusSettings;
}

function inTx<T>(db: DbOrTx, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : (db as Kysely<Database>).transaction().execute(work);
}

async function currencyOf(db: DbOrTx, userId: number): Promise<string | null> {
  const user = await db.selectFrom('users').select('currency').where('id', '=', userId).executeTakeFirst();
  return user && BONUS_CURRENCIES.includes(user.currency) ? user.currency : null;
}

function termsOf(kind: OfferKind, currency: string, settings?: BonusSettings): OfferTerms {
  const rules = bonusRulesOf(settings);
  return {
    value: formatMoney(parseMoney(VALUE[kind], currency), currency),
    currency,
    codeHours: HOURS[kind],
    turnoverMultiplier: rules.turnoverMultiplier,
    maxBonusValue: rules.maxBonusValue,
  };
}

function view(row: OfferRow, currency: string, settings?: BonusSettings): Offer {
  return { id: String(row.id), kind: row.kind, shownAt: row.shown_at!.toISOString(), expiresAt: row.expires_at!.toISOString(), terms: termsOf(row.kind, currency, settings) };
}

/** Records every open offer of the trader whose deadline passed as expired (at its deadline). */
async function expireStale(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('offers')
    .set({ outcome: 'expired', outcome_at: sql<Date>`expires_at` })
    .where('user_id', '=', userId)
    .where('outcome', 'is', null)
    .where('expires_at', '<=', now)
    .execute();
}

const openOffer = (db: DbOrTx, userId: number) => db.selectFrom('offers').selectAll().where('user_id', '=', userId).where('outcome', 'is', null).executeTakeFirst();

async function hasDeposited(db: DbOrTx, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.tx_id')
    .innerJoin('accounts as a', 'a.id', 'e.account_id')
    .select('e.tx_id')
    .where('a.user_id', '=', userId)
    .where('t.kind', 'in', [...DEPOSIT_KINDS])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** When the trader's next giveaway may be offered (10 minutes after signing in, 24 hours after the last one). */
async function giveawayDueAt(db: DbOrTx, userId: number, signedInAt: Date): Promise<Date> {
  const last = await db.selectFrom('offers').select(sql<Date | null>`max(created_at)`.as('at')).where('user_id', '=', userId).where('kind', '=', 'giveaway').executeTakeFirst();
  const afterSignIn = signedInAt.getTime() + GIVEAWAY_DELAY_MS;
  const afterLast = last?.at ? new Date(last.at).getTime() + GIVEAWAY_REPEAT_MS : 0;
  return new Date(Math.max(afterSignIn, afterLast));
}

/** Which offer the trader may get now, if any (the sandbox operator's offers are made apart). */
async function eligibleKind(db: DbOrTx, ctx: OfferContext): Promise<{ kind: OfferKind | null; nextCheckAt: Date | null }> {
  const everLimited = await db.selectFrom('offers').select('id').where('user_id', '=', ctx.userId).where('kind', '=', 'limited').executeTakeFirst();
  const limitedDue = !everLimited && !(await hasDeposited(db, ctx.userId)) ? ctx.signedInAt.getTime() + LIMITED_DELAY_MS : null;
  if (limitedDue !== null && limitedDue <= ctx.now.getTime()) return { kind: 'limited', nextCheckAt: null };
  // the risk-free offer: once per trader, with a credited deposit and before their first trade, 5 minutes after signing in
  let riskFreeDue: number | null = null;
  if (limitedDue === null) {
    const everRiskFree = await db.selectFrom('offers').select('id').where('user_id', '=', ctx.userId).where('kind', '=', 'risk_free').executeTakeFirst();
    if (!everRiskFree && (await hasDeposited(db, ctx.userId)) && !(await hasTraded(db, ctx.userId))) riskFreeDue = ctx.signedInAt.getTime() + RISK_FREE_DELAY_MS;
  }
  if (riskFreeDue !== null && riskFreeDue <= ctx.now.getTime()) return { kind: 'risk_free', nextCheckAt: null };
  const due = await giveawayDueAt(db, ctx.userId, ctx.signedInAt);
  if (due.getTime() <= ctx.now.getTime()) return { kind: 'giveaway', nextCheckAt: null };
  return { kind: null, nextCheckAt: new Date(Math.min(due.getTime(), limitedDue ?? Infinity, riskFreeDue ?? Infinity)) };
}

/** Marks an offer shown now (its deadline fixed) unless it already was. */
async function markShown(db: DbOrTx, row: OfferRow, now: Date): Promise<OfferRow> {
  if (row.expires_at) return row;
  const updated = await db
    .updateTable('offers')
    .set({ shown_at: now, expires_at: new Date(now.getTime() + WINDOW[row.kind]) })
    .where('id', '=', row.id)
    .where('shown_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return updated ?? (await db.selectFrom('offers').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow());
}

/**
 * GET /api/us/offers: the trader's current offer with its fixed deadline, making one when the
 * trader is eligible (two tabs asking at once get the same one: one open offer per trader).
 */
export async function currentOffer(db: DbOrTx, ctx: OfferContext): Promise<OffersResponse> {
  const answer = (offer: Offer | null, nextCheckAt: Date | null): OffersResponse => ({ offer, serverTime: ctx.now.toISOString(), nextCheckAt: nextCheckAt?.toISOString() ?? null });
  const currency = await currencyOf(db, ctx.userId);
  if (!currency) return answer(null, null);
  // no offer (limited, giveaway, risk-free) to a trader who may not be offered one now (../protection/incentives.ts)
  if (await incentivesOffReason(db, ctx.userId, ctx.now)) return answer(null, null);
  await expireStale(db, ctx.userId, ctx.now);
  let row = await openOffer(db, ctx.userId);
  if (!row) {
    const { kind, nextCheckAt } = await eligibleKind(db, ctx);
    if (!kind) return answer(null, nextCheckAt);
    await db
      .insertInto('offers')
      .values({ user_id: ctx.userId, kind, created_at: ctx.now, shown_at: ctx.now, expires_at: new Date(ctx.now.getTime() + WINDOW[kind]) })
      .onConflict((oc) => oc.column('user_id').where(sql.ref('outcome'), 'is', null).doNothing())
      .execute();
    row = await openOffer(db, ctx.userId);
    if (!row) return answer(null, null);
  }
  return answer(view(await markShown(db, row, ctx.now), currency, ctx.settings), null);
}

async function lockOffer(db: DbOrTx, userId: number, id: string): Promise<OfferRow> {
  const row = await db.selectFrom('offers').selectAll().where('id', '=', id).where('user_id', '=', userId).forUpdate().executeTakeFirst();
  if (!row) throw OFFER_REFUSALS.unknown();
  return row;
}

function promoCode(): string {
  return `OFFER-${randomBytes(6).toString('hex').toUpperCase()}`;
}

export interface Accepted {
  response: AcceptResponse;
  /** false when this was the same accept again (nothing new credited or notified) */
  fresh: boolean;
}

async function acceptedAnswer(db: DbOrTx, row: OfferRow, currency: string): Promise<AcceptResponse> {
  const value = formatMoney(parseMoney(VALUE[row.kind], currency), currency);
  if (row.kind === 'limited' && row.promo_code) {
    const code = await db.selectFrom('promo_codes').select(['valid_until', 'value_minor', 'currency']).where('code', '=', row.promo_code).executeTakeFirstOrThrow();
    return { kind: 'limited', value: formatMoney(toBigInt(code.value_minor), code.currency ?? currency), currency: code.currency ?? currency, promoCode: row.promo_code, validUntil: code.valid_until?.toISOString() ?? null };
  }
  const until = row.kind === 'risk_free' && row.outcome_at ? new Date(row.outcome_at.getTime() + RISK_FREE_HOURS * 3600_000).toISOString() : null;
  return { kind: row.kind, value, currency, promoCode: null, validUntil: until };
}

/**
 * POST /api/triggers/limited_yes: does what the terms say, once (a risk-free offer: nothing is
 * paid now; its refund comes, or not, when the covered trade settles). The same accept again answers
 * the same; after the deadline it is refused (and the offer recorded as expired).
 */
export async function acceptOffer(db: DbOrTx, userId: number, id: string, now: Date): Promise<Accepted> {
  const result = await inTx(db, async (trx): Promise<Accepted | Refusal> => {
    const row = await lockOffer(trx, userId, id);
    const currency = await currencyOf(trx, userId);
    if (!currency) return OFFER_REFUSALS.currency();
    if (row.outcome === 'accepted') return { response: await acceptedAnswer(trx, row, currency), fresh: false };
    if (row.outcome === 'ignored') return OFFER_REFUSALS.ignored();
    if (row.outcome === 'expired') return OFFER_REFUSALS.expired();
    if (!row.expires_at) return OFFER_REFUSALS.notShown();
    // one shown before a break began or before the operator's switch: not accepted now
    const off = await incentivesOffReason(trx, userId, now);
    if (off) return incentivesRefusal(off);
    if (now.getTime() >= row.expires_at.getTime()) {
      await trx.updateTable('offers').set({ outcome: 'expired', outcome_at: row.expires_at }).where('id', '=', row.id).execute();
      return OFFER_REFUSALS.expired();
    }
    const valueMinor = parseMoney(VALUE[row.kind], currency);
    let promo: string | null = null;
    let creditTx: string | null = null;
    if (row.kind === 'limited') {
      promo = promoCode();
      await trx
        .insertInto('promo_codes')
        .values({ code: promo, kind: 'value', value_minor: valueMinor, currency, valid_from: now, valid_until: new Date(now.getTime() + LIMITED_CODE_HOURS * 3600_000), max_uses: 1, owner_user_id: userId })
        .execute();
    } else if (row.kind === 'giveaway') {
      const house = await houseAccount(trx, currency);
      const bonus = await bonusAccount(trx, userId, currency);
      const tx = await transfer(trx, { kind: 'offer_giveaway', idempotencyKey: `offer:${row.id}:giveaway`, debitAccountId: house, creditAccountId: bonus, amountMinor: valueMinor, currency, meta: { offer: String(row.id) } });
      creditTx = tx.txId;
    }
    const accepted = await trx
      .updateTable('offers')
      .set({ outcome: 'accepted', outcome_at: now, promo_code: promo, credit_tx_id: creditTx })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const response = await acceptedAnswer(trx, accepted, currency);
    await notify(trx, {
      userId,
      kind: 'offer.accepted',
      params: { offer: row.kind, value: response.value, currency, ...(response.validUntil && { until: response.validUntil }), ...(promo && { code: promo }) },
      key: `offer:${row.id}`,
    });
    return { response, fresh: true };
  });
  if (result instanceof Refusal) throw result;
  return result;
}

/** POST /api/triggers/limited_ignore: recorded once (an offer past its deadline is recorded as expired instead). */
export async function ignoreOffer(db: DbOrTx, userId: number, id: string, now: Date): Promise<IgnoreResponse> {
  return inTx(db, async (trx): Promise<IgnoreResponse> => {
    const row = await lockOffer(trx, userId, id);
    if (row.outcome === 'accepted') throw OFFER_REFUSALS.accepted();
    if (row.outcome === 'ignored' || row.outcome === 'expired') return { outcome: row.outcome };
    if (row.expires_at && now.getTime() >= row.expires_at.getTime()) {
      await trx.updateTable('offers').set({ outcome: 'expired', outcome_at: row.expires_at }).where('id', '=', row.id).execute();
      return { outcome: 'expired' };
    }
    await trx.updateTable('offers').set({ outcome: 'ignored', outcome_at: now }).where('id', '=', row.id).execute();
    return { outcome: 'ignored' };
  });
}

/** POST /api/triggers/last_host: where the trader came from (the referring host), nothing else. */
export async function recordLastHost(db: DbOrTx, userId: number, host: string, now: Date): Promise<void> {
  const value = host.toLowerCase();
  await db
    .insertInto('trader_hosts')
    .values({ user_id: userId, host: value, recorded_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ host: value, recorded_at: now }))
    .execute();
}

/**
 * Sandbox only (POST /api/sandbox/offers/now): an offer of this kind for the trader now, whatever
 * the waiting rules; an open offer is closed as expired first. Its deadline is fixed when shown.
 */
export async function sandboxOfferNow(db: DbOrTx, email: string, kind: OfferKind, now: Date): Promise<string> {
  const user = await db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  if (!user) throw OFFER_REFUSALS.noTrader();
  return inTx(db, async (trx) => {
    await trx.updateTable('offers').set({ outcome: 'expired', outcome_at: now }).where('user_id', '=', user.id).where('outcome', 'is', null).execute();
    const row = await trx.insertInto('offers').values({ user_id: user.id, kind, source: 'sandbox', created_at: now }).returning('id').executeTakeFirstOrThrow();
    return String(row.id);
  });
}
