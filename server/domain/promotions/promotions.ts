import { sql } from 'kysely';
import { NO_PROMOTION, type PromotionTerms } from '../../../core/amount';
import { fromUnits, isDecimal, toUnits, trimDecimal } from '../../../core/decimal';
import { PROMOTION_ID } from '../../../core/contract/promotions';
import type { Db } from '../../db';
import '../../db/schema-promotions';
import type { PromotionRow } from '../../db/schema-promotions';
import { toBigInt } from '../../db/values';
import type { DbOrTx } from '../ledger';
import { notify } from '../notifications/notify';
import { assertIncentivesOffered, incentivesOffReason } from '../protection/incentives';
import { Refusal } from '../refusal';

/**
 * Promotions (spec 001 §2-4, §7; docs/engagement.md "Promotions"): server objects with
 * a title, terms and what they give in English and Russian, a window [starts_at, ends_at), a
 * percent added to the deposit bonus, the largest bonus they add to one deposit, a currency (or
 * any). A trader activates one once (a unique row); the deposit bonus then adds the highest
 * percent among the trader's activated promotions that are in their window and fit the deposit's
 * currency (`promotionTerms`, the one source of `/api/us/promotions_max`, the funding page's
 * options and the bonus the server credits: core/amount.ts `depositBonus`).
 */

const PERCENT_DECIMALS = 4;
const CENTS = 2;

export const PROMOTION_REFUSALS = {
  unknown: () => new Refusal(404, 'promotions.unknown', 'There is no such promotion.'),
  notStarted: (from: Date) => new Refusal(409, 'promotions.not_started', `This promotion starts on ${from.toISOString().slice(0, 16).replace('T', ' ')} UTC.`),
  ended: () => new Refusal(410, 'promotions.ended', 'This promotion has ended.'),
  already: () => new Refusal(409, 'promotions.already_activated', 'You have already activated this promotion.'),
  currency: (currency: string) => new Refusal(403, 'promotions.currency', `This promotion is for accounts in ${currency} only.`),
  demo: () => new Refusal(403, 'promotions.demo', 'A demo account earns no deposit bonus: switch to a real account to activate a promotion.'),
} as const;

export interface PromotionText {
  title: string;
  gives: string;
  terms: string;
}

/** One promotion as the trader's list shows it. */
export interface PromotionItem {
  id: string;
  en: PromotionText;
  ru: PromotionText;
  /** the percent it adds to the deposit bonus, "1.5" */
  percent: string;
  /** the largest bonus it adds to one deposit, "100.00" in the deposit's currency */
  max: string;
  /** null: any currency */
  currency: string | null;
  startsAt: string;
  endsAt: string;
  /** when this trader activated it; null: not activated */
  activatedAt: string | null;
  /** this trader's current account may activate it (currency, not demo) */
  eligible: boolean;
}

const isActive = (row: Pick<PromotionRow, 'starts_at' | 'ends_at' | 'ended_at'>, now: Date): boolean =>
  row.ended_at === null && row.starts_at.getTime() <= now.getTime() && now.getTime() < row.ends_at.getTime();

const percentOf = (row: Pick<PromotionRow, 'percent_units'>): string => trimDecimal(fromUnits(toBigInt(row.percent_units), PERCENT_DECIMALS));
const maxOf = (row: Pick<PromotionRow, 'max_cents'>): string => fromUnits(toBigInt(row.max_cents), CENTS);

/** The trader's current account: its currency and whether it is a demo. */
async function accountOf(db: DbOrTx, userId: number): Promise<{ currency: string; demo: boolean }> {
  const user = await db.selectFrom('users').select(['currency', 'current_account_id']).where('id', '=', userId).executeTakeFirstOrThrow();
  const account = user.current_account_id === null ? undefined : await db.selectFrom('accounts').select(['currency', 'type']).where('id', '=', user.current_account_id).executeTakeFirst();
  return { currency: account?.currency ?? user.currency, demo: account?.type === 'demo' };
}

const problemOf = (row: PromotionRow, account: { currency: string; demo: boolean }): Refusal | null => {
  if (account.demo) return PROMOTION_REFUSALS.demo();
  if (row.currency !== null && row.currency !== account.currency) return PROMOTION_REFUSALS.currency(row.currency);
  return null;
};

/** `GET /api/us/promotions`: the promotions in their window now, with whether this trader activated each, oldest ending first. */
export async function listPromotions(db: DbOrTx, userId: number, now: Date): Promise<PromotionItem[]> {
  // none shown to a trader who may not be offered them now: refused with the reason, which the page says
  await assertIncentivesOffered(db, userId, now);
  const account = await accountOf(db, userId);
  const rows = await db
    .selectFrom('promotions')
    .leftJoin('promotion_activations as a', (j) => j.onRef('a.promotion_id', '=', 'promotions.id').on('a.user_id', '=', userId))
    .selectAll('promotions')
    .select('a.created_at as activated_at')
    .where('promotions.ended_at', 'is', null)
    .where('promotions.starts_at', '<=', now)
    .where('promotions.ends_at', '>', now)
    .orderBy('promotions.ends_at')
    .orderBy('promotions.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    en: { title: row.title_en, gives: row.gives_en, terms: row.terms_en },
    ru: { title: row.title_ru, gives: row.gives_ru, terms: row.terms_ru },
    percent: percentOf(row),
    max: maxOf(row),
    currency: row.currency,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    activatedAt: row.activated_at ? new Date(row.activated_at).toISOString() : null,
    eligible: problemOf(row, account) === null,
  }));
}

export interface Activated {
  id: string;
  activatedAt: string;
}

/**
 * `POST /api/us/promotions_activate {id}`: stores the owner's activation once, with its
 * notification (`promotion.activated`, key `promotion:{id}`), in one transaction. Refused when
 * unknown, outside its window, for another currency or a demo account, or activated already
 * (two parallel calls: the unique row lets one through, the other is refused). The caller
 * publishes `notification.new` after this returns.
 */
export async function activatePromotion(db: Db, userId: number, id: string, now: Date): Promise<Activated> {
  if (!PROMOTION_ID.test(id)) throw PROMOTION_REFUSALS.unknown();
  await assertIncentivesOffered(db, userId, now);
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw PROMOTION_REFUSALS.unknown();
    if (row.ended_at !== null || now.getTime() >= row.ends_at.getTime()) throw PROMOTION_REFUSALS.ended();
    if (now.getTime() < row.starts_at.getTime()) throw PROMOTION_REFUSALS.notStarted(row.starts_at);
    const problem = problemOf(row, await accountOf(trx, userId));
    if (problem) throw problem;
    const stored = await trx
      .insertInto('promotion_activations')
      .values({ promotion_id: id, user_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(['promotion_id', 'user_id']).doNothing())
      .returning('created_at')
      .executeTakeFirst();
    if (!stored) throw PROMOTION_REFUSALS.already();
    await notify(trx, {
      userId,
      kind: 'promotion.activated',
      params: { id, title_en: row.title_en, title_ru: row.title_ru, percent: percentOf(row), max: maxOf(row) },
      key: `promotion:${id}`,
    });
    return { id, activatedAt: new Date(stored.created_at).toISOString() };
  });
}

/** What the trader's activated promotions add to a deposit bonus in `currency` now, and which one. */
export interface PromotionGrant extends PromotionTerms {
  /** the promotion that gives it; null: none */
  id: string | null;
}

/**
 * The highest percent among the trader's activated promotions in their window that fit
 * `currency` (its maximum with it), the percent capped at `maxBonusPercent`: `/api/us/promotions_max`,
 * the funding options and the bonus the server credits all read it here.
 */
export async function promotionTerms(db: DbOrTx, userId: number, currency: string, now: Date, maxBonusPercent: string): Promise<PromotionGrant> {
  // a trader who may not be offered incentives now has none, activated or not
  if (await incentivesOffReason(db, userId, now)) return { ...NO_PROMOTION, id: null };
  const row = await db
    .selectFrom('promotion_activations as a')
    .innerJoin('promotions as p', 'p.id', 'a.promotion_id')
    .select(['p.id', 'p.percent_units', 'p.max_cents'])
    .where('a.user_id', '=', userId)
    .where('p.ended_at', 'is', null)
    .where('p.starts_at', '<=', now)
    .where('p.ends_at', '>', now)
    .where((eb) => eb.or([eb('p.currency', 'is', null), eb('p.currency', '=', currency)]))
    .orderBy('p.percent_units', 'desc')
    .orderBy('p.max_cents', 'desc')
    .orderBy('p.id')
    .limit(1)
    .executeTakeFirst();
  if (!row) return { ...NO_PROMOTION, id: null };
  const cap = toUnits(maxBonusPercent, PERCENT_DECIMALS);
  const units = toBigInt(row.percent_units);
  return { id: row.id, percent: trimDecimal(fromUnits(units < cap ? units : cap, PERCENT_DECIMALS)), max: maxOf(row) };
}

// ---------------------------------------------------------------------------------------------
// The operator's side (sandbox console /sandbox/promo and /api/sandbox/promotions)

export interface NewPromotion {
  id: string;
  titleEn: string;
  titleRu: string;
  givesEn: string;
  givesRu: string;
  termsEn: string;
  termsRu: string;
  percent: string;
  max: string;
  currency: string | null;
  startsAt: Date;
  endsAt: Date;
}

const bad = (message: string) => new Refusal(400, 'promotions.create', message);

/** Adds a promotion; refused with `promotions.create` (its message says what is wrong) or `promotions.exists`. */
export async function createPromotion(db: DbOrTx, p: NewPromotion): Promise<string> {
  if (!PROMOTION_ID.test(p.id)) throw bad('The id is 1-40 of a-z, 0-9 and -.');
  for (const [name, text, max] of [
    ['title', p.titleEn, 120],
    ['title', p.titleRu, 120],
    ['what it gives', p.givesEn, 300],
    ['what it gives', p.givesRu, 300],
    ['terms', p.termsEn, 2000],
    ['terms', p.termsRu, 2000],
  ] as const) {
    if (text.trim() === '' || text.length > max) throw bad(`The ${name} is needed in English and Russian (at most ${max} characters).`);
  }
  if (!isDecimal(p.percent, { whole: 3, decimals: PERCENT_DECIMALS }) || toUnits(p.percent, PERCENT_DECIMALS) === 0n || toUnits(p.percent, PERCENT_DECIMALS) > 1_000_000n) throw bad('The percent is a number above 0, at most 100 (e.g. 1.5).');
  if (!isDecimal(p.max, { whole: 9, decimals: CENTS }) || toUnits(p.max, CENTS) === 0n) throw bad('The maximum is an amount above 0 (e.g. 100).');
  if (p.currency !== null && !/^[A-Z]{3}$/.test(p.currency)) throw bad('The currency is a 3-letter code or any.');
  if (Number.isNaN(p.startsAt.getTime()) || Number.isNaN(p.endsAt.getTime()) || p.endsAt.getTime() <= p.startsAt.getTime()) throw bad('The window ends after it starts.');
  const inserted = await db
    .insertInto('promotions')
    .values({
      id: p.id,
      title_en: p.titleEn.trim(),
      title_ru: p.titleRu.trim(),
      gives_en: p.givesEn.trim(),
      gives_ru: p.givesRu.trim(),
      terms_en: p.termsEn.trim(),
      terms_ru: p.termsRu.trim(),
      percent_units: toUnits(p.percent, PERCENT_DECIMALS),
      max_cents: toUnits(p.max, CENTS),
      currency: p.currency,
      starts_at: p.startsAt,
      ends_at: p.endsAt,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new Refusal(409, 'promotions.exists', `A promotion ${p.id} exists already.`);
  return inserted.id;
}

/** Ends a promotion now (it leaves the list; its activations stop adding to deposits). */
export async function endPromotion(db: DbOrTx, id: string, now: Date): Promise<void> {
  const done = await db.updateTable('promotions').set({ ended_at: now }).where('id', '=', id).where('ended_at', 'is', null).returning('id').executeTakeFirst();
  if (!done) throw new Refusal(404, 'promotions.unknown', `No promotion ${id} that has not ended.`);
}

export interface PromotionAdminItem {
  id: string;
  title: string;
  percent: string;
  max: string;
  currency: string | null;
  startsAt: string;
  endsAt: string;
  endedAt: string | null;
  state: 'active' | 'not_started' | 'ended';
  activations: number;
}

/** Every promotion for the operator: window, state and how many traders activated it. */
export async function listAllPromotions(db: DbOrTx, now: Date): Promise<PromotionAdminItem[]> {
  const rows = await db
    .selectFrom('promotions')
    .selectAll()
    .select((eb) => eb.selectFrom('promotion_activations as a').select(sql<string>`count(*)`.as('n')).whereRef('a.promotion_id', '=', 'promotions.id').as('activations'))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title_en,
    percent: percentOf(row),
    max: maxOf(row),
    currency: row.currency,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    endedAt: row.ended_at ? row.ended_at.toISOString() : null,
    state: isActive(row, now) ? 'active' : row.ended_at === null && now.getTime() < row.starts_at.getTime() ? 'not_started' : 'ended',
    activations: Number(row.activations ?? 0),
  }));
}
