import { sql, type Transaction } from 'kysely';
import { BONUS_TIERS, depositBonus, NO_PROMO, type BonusTerms, type PromoTerms } from '../../../core/amount';
import type { Settings } from '../../../core/contract';
import { formatMoney, parseMoney } from '../../../core/money';
import type { Database } from '../../db/schema';
import { toBigInt } from '../../db/values';
import { houseAccount, transfer, type DbOrTx } from '../ledger';
import { attachBonusTx, redeemPromo } from '../promo/codes';
import { incentivesOffReason } from '../protection/incentives';
import { promotionTerms } from '../promotions/promotions';
import { defaultSettings } from '../settings';

/**
 * The deposit bonus, credited: on a confirmed deposit with the bonus chosen, the bonus
 * that core/amount.ts `depositBonus` computes (the same function the funding page shows it with)
 * is moved from the house account to the trader's bonus account in that currency, in the
 * deposit's own transaction, under its own idempotency key (`{deposit key}:bonus`), with the percent
 * of the trader's activated promotion (server/domain/promotions); a promo code
 * entered with the deposit is redeemed there (once per trader, max uses by a conditional UPDATE);
 * the withdrawal turnover of the credited account grows by the bonus × the turnover multiplier.
 *
 * The bonus account (type 'bonus', group 'bonus') is not mirrored to the trading platform: while
 * there, the bonus is neither trading money nor withdrawable; it is shown as Bonus beside the
 * balances. It moves to the trading account (and so to the platform) when the turnover is met:
 * server/domain/deposits/turnover.ts, the one rule (docs/engagement.md "The bonus balance").
 */

/** The turnover a bonus asks: this many times the bonus (settings.bonusTurnover; 30 unless set). */
export const DEFAULT_BONUS_TURNOVER = '30';

export type BonusSettings = Pick<Settings, 'maxBonusPercent' | 'maxBonusValue'> & { bonusTurnover?: string };

/** The bonus rules of these settings (the same object /api/card/options serves the funding page). */
export function bonusRulesOf(settings: BonusSettings = defaultSettings) {
  return {
    tiers: [...BONUS_TIERS],
    maxBonusPercent: settings.maxBonusPercent,
    maxBonusValue: settings.maxBonusValue,
    turnoverMultiplier: settings.bonusTurnover ?? DEFAULT_BONUS_TURNOVER,
  };
}

/** A trader's bonus account in a currency, created when first needed (never on the platform). */
export async function bonusAccount(db: DbOrTx, userId: number, currency: string): Promise<number> {
  await db
    .insertInto('accounts')
    .values({ user_id: userId, currency, account_group: 'bonus', type: 'bonus' })
    .onConflict((oc) => oc.columns(['user_id', 'currency']).where(sql.ref('type'), '=', 'bonus').doNothing())
    .execute();
  const row = await db.selectFrom('accounts').select('id').where('user_id', '=', userId).where('type', '=', 'bonus').where('currency', '=', currency).executeTakeFirstOrThrow();
  return row.id;
}

export interface BonusInput {
  idempotencyKey: string;
  userId: number;
  accountId: number;
  amountMinor: bigint;
  currency: string;
  depositTxId: string;
  promo: string;
  settings?: BonusSettings;
  now?: Date;
}

export interface BonusCredited {
  txId: string;
  terms: BonusTerms;
  /** the promo code redeemed with it ('' none) */
  promo: string;
  /** a promo code entered but not redeemed (used up meanwhile, …): its refusal key */
  promoRefused: string | null;
}

/** Credits the bonus of a deposit just credited (not a replay), inside its transaction; null when no bonus is paid. */
export async function creditBonus(trx: Transaction<Database>, input: BonusInput): Promise<BonusCredited | null> {
  const account = await trx.selectFrom('accounts').select(['type', 'currency', 'user_id']).where('id', '=', input.accountId).executeTakeFirstOrThrow();
  const rules = bonusRulesOf(input.settings);
  const deposit = {
    amount: formatMoney(input.amountMinor, input.currency),
    currency: input.currency,
    // the bonus goes with trading money only: never an exchange (fixed) or demo account
    fixed: account.type !== 'trading',
    demo: account.type === 'demo',
  };
  if (!depositBonus(deposit, rules)) return null;
  // no bonus (nor a promo code's) for a trader who may not be offered one now (../protection/incentives.ts): the deposit is credited alone
  if (await incentivesOffReason(trx, input.userId, input.now ?? new Date())) return null;

  let promo: PromoTerms = NO_PROMO;
  let redeemed = '';
  let promoRefused: string | null = null;
  if (input.promo.trim() !== '') {
    const redemption = await redeemPromo(trx, { userId: input.userId, code: input.promo, currency: input.currency, depositTxId: input.depositTxId, now: input.now ?? new Date() });
    if (redemption.ok) {
      promo = redemption.grant;
      redeemed = redemption.grant.code;
    } else promoRefused = redemption.refusal.key;
  }
  // the trader's activated promotion (docs/engagement.md "Promotions"): the same terms the funding page showed
  const promotion = await promotionTerms(trx, input.userId, input.currency, input.now ?? new Date(), rules.maxBonusPercent);
  const terms = depositBonus(deposit, rules, promo, promotion);
  if (!terms) return null;
  const valueMinor = parseMoney(terms.value, input.currency);
  const turnoverMinor = parseMoney(terms.turnover, input.currency);

  const house = await houseAccount(trx, input.currency);
  const bonus = await bonusAccount(trx, input.userId, input.currency);
  const tx = await transfer(trx, {
    kind: 'bonus',
    idempotencyKey: `${input.idempotencyKey}:bonus`,
    debitAccountId: house,
    creditAccountId: bonus,
    amountMinor: valueMinor,
    currency: input.currency,
    meta: { deposit: input.depositTxId, tier: terms.tier, percent: terms.percent, promo: redeemed, promoRefused, promotion: promotion.id, turnover: terms.turnover, multiplier: terms.multiplier },
  });
  if (tx.replayed) return null;
  if (redeemed) await attachBonusTx(trx, input.userId, redeemed, tx.txId);
  await trx
    .insertInto('account_turnover')
    .values({ account_id: input.accountId, current_minor: 0n, need_minor: turnoverMinor })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ need_minor: sql`account_turnover.need_minor + ${turnoverMinor}` }))
    .execute();
  return { txId: tx.txId, terms, promo: redeemed, promoRefused };
}

/**
 * A withdrawal before the turnover is reached forfeits the bonus (spec 002 withdrawal case two):
 * the trader's bonus balance in that currency goes back to the house, in the withdrawal's
 * transaction, once (its key). Returns the amount forfeited (0n when there was none).
 */
export async function forfeitBonus(trx: Transaction<Database>, userId: number, currency: string, idempotencyKey: string): Promise<bigint> {
  const account = await trx.selectFrom('accounts').select(['id', 'balance_minor']).where('user_id', '=', userId).where('type', '=', 'bonus').where('currency', '=', currency).forUpdate().executeTakeFirst();
  const balance = account ? toBigInt(account.balance_minor) : 0n;
  if (!account || balance <= 0n) return 0n;
  const house = await houseAccount(trx, currency);
  await transfer(trx, { kind: 'bonus_forfeit', idempotencyKey, debitAccountId: account.id, creditAccountId: house, amountMinor: balance, currency, meta: { reason: 'withdrawal before the bonus turnover' } });
  return balance;
}
