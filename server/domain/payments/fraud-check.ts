import { holdDeposit } from '../protection/deposit-limits';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FraudCheckRequest, FraudCheckResponse, SandboxScenario } from '../../../core/contract';
import type { CardRow } from '../../db/schema-card';
import { toBigInt } from '../../db/values';
import { InvalidAmount, parseMoney } from '../../../core/money';
import type { DbOrTx } from '../ledger';
import { isDemoEmail } from '../users';
import { MINIMUM_COLUMNS, minDepositOf, type MinimumRow } from '../deposits/minimum';
import { minDepositOf as minimumOf, type MinDepositAccount } from '../../../core/min-deposit';
import { checkPromo } from '../promo/codes';
import { Refusal } from '../refusal';
import { clock, scenarioOf, utcDay, type PaymentDeps } from './deps';
import { cardBlocked } from './records';

/**
 * Card transactions a trader may start per UTC day (spec 000 §9): the one number, enforced where
 * the counter moves (fraudCheck), reported to the browser (GET /api/card/options `dailyLimit`)
 * and shown in the texts through their {limit} parameter.
 */
export const DAILY_CARD_LIMIT = 3;
/** The daily card limit these dependencies enforce: DAILY_CARD_LIMIT unless they set another. */
export const dailyCardLimitOf = (deps: Pick<PaymentDeps, 'dailyCardLimit'>): number => deps.dailyCardLimit ?? DAILY_CARD_LIMIT;
/** Declined processor attempts in 24 hours after which the fraud check answers fail_limit. */
export const FAIL_LIMIT = 10;
export const FAIL_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The largest card deposit accepted. */
export const MAX_CARD_DEPOSIT = '100000';
const REASON_MESSAGE = 'Sandbox: the risk rules refused this payment (scripted reason). Please choose another method.';

/** The minimum deposit of a user (001 §9, 000 §3 mdps groups): one rule for every method (server/domain/deposits/minimum.ts). */
export { minDepositOf };

/**
 * The minimum of a deposit into this account: the same rule (core/min-deposit.ts) with the
 * exchange account's own 250 USD/EUR (001 §9).
 */
export function minDepositInto(user: MinimumRow, settings: Parameters<typeof minDepositOf>[1], account: MinDepositAccount): string {
  return minimumOf(
    { md: user.md, country: user.country, id: user.id, email: user.email, mdps: user.mdps, affsId: user.affs_id, comments: user.comments },
    settings,
    account,
  );
}
export const isFixedCountry = (country: string): boolean => country === 'US' || country === 'CA';

async function declinedRecently(db: DbOrTx, userId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('card_attempts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'declined')
    .where('created_at', '>', new Date(now.getTime() - FAIL_WINDOW_MS))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The fraud flags for a card and scenario (spec 000 §4: fail_limit, day_limit, bad_card, reason), or null when clean. */
export async function fraudFlags(db: DbOrTx, userId: number, card: CardRow, scenario: SandboxScenario, now: Date): Promise<FraudCheckResponse | null> {
  if (scenario === 'fail_limit' || (await declinedRecently(db, userId, now)) >= FAIL_LIMIT) return { fail_limit: true };
  if (scenario === 'bad_card' || (await cardBlocked(db, userId, card))) return { bad_card: true };
  if (scenario === 'reason') return { reason: true, message: REASON_MESSAGE };
  return null;
}

class DayLimit extends Error {}

function sameAmount(amount: string, currency: string, minor: bigint): boolean {
  try {
    return parseMoney(amount, currency) === minor;
  } catch {
    return false;
  }
}

/**
 * POST /api/fraud/card: the first call of a deposit. Flags stop it; otherwise the payment is
 * created under the client's key (the same key again returns the same payment, counted once)
 * and counted toward the daily limit: the counter moves only while it is under the limit, in the
 * same statement (no read-then-write race), else the payment is not created (day_limit).
 */
export async function fraudCheck(deps: PaymentDeps, userId: number, req: FraudCheckRequest): Promise<FraudCheckResponse> {
  const { db, settings } = deps;
  const now = clock(deps);
  const limit = dailyCardLimitOf(deps);
  const existing = await db
    .selectFrom('card_payments')
    .select(['id', 'card_token', 'amount_minor', 'currency'])
    .where('user_id', '=', userId)
    .where('idem_key', '=', req.key)
    .executeTakeFirst();
  if (existing) {
    // the same key is the same deposit: another card or amount under it is a client bug, not a retry
    const same = existing.card_token === req.card && sameAmount(req.amount, existing.currency, toBigInt(existing.amount_minor));
    if (!same) throw new Refusal(409, 'card.key_reused', 'This deposit was already started with another card or amount. Please press Deposit again.');
    return { payment: existing.id };
  }

  const card = await db.selectFrom('cards').selectAll().where('token', '=', req.card).where('user_id', '=', userId).executeTakeFirst();
  if (!card) throw new Refusal(404, 'card.not_found', 'This card is not saved. Please enter it again.', { fields: { card: 'card.not_found' } });
  const user = await db.selectFrom('users').select([...MINIMUM_COLUMNS, 'current_account_id']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (isDemoEmail(user.email, deps.siteHost)) throw new Refusal(403, 'card.demo', 'This is a DEMO account: card deposits are not available on it.');
  if (user.current_account_id === null) throw new Refusal(409, 'card.no_account', 'Choose an account to fund first.');
  const account = await db.selectFrom('accounts').select(['id', 'currency', 'type']).where('id', '=', user.current_account_id).where('user_id', '=', userId).executeTakeFirstOrThrow();
  if (account.type === 'demo') throw new Refusal(403, 'card.demo', 'This is a DEMO account: card deposits are not available on it.');
  if (req.currency !== undefined && req.currency !== account.currency) {
    throw new Refusal(400, 'card.currency', `The account is in ${account.currency}; reload the page.`, { fields: { currency: 'card.currency' } });
  }
  let amountMinor: bigint;
  try {
    amountMinor = parseMoney(req.amount, account.currency);
  } catch (error) {
    if (error instanceof InvalidAmount) throw new Refusal(400, 'card.amount', 'Please enter a valid amount.', { fields: { amount: 'card.amount' } });
    throw error;
  }
  if (isFixedCountry(user.country)) {
    if (amountMinor !== parseMoney(settings.usCaFixedAmount, account.currency)) {
      throw new Refusal(400, 'card.fixed_amount', `The card deposit amount is ${settings.usCaFixedAmount}.`, { fields: { amount: 'card.fixed_amount' } });
    }
  } else {
    const min = minDepositInto(user, settings, account);
    if (amountMinor < parseMoney(min, account.currency)) throw new Refusal(400, 'card.min_deposit', `Wrong amount! Min deposit ${min}`, { fields: { amount: 'card.min_deposit' } });
  }
  if (amountMinor > parseMoney(MAX_CARD_DEPOSIT, account.currency)) {
    throw new Refusal(400, 'card.max_deposit', `The largest card deposit is ${MAX_CARD_DEPOSIT}.`, { fields: { amount: 'card.max_deposit' } });
  }

  // no bonus in fixed mode or for a fixed-amount country (spec 001 §4, 000 §6), whatever the page sent
  const bonus = req.bonus && !req.fixed && !isFixedCountry(user.country);
  // a promo code goes with the bonus: checked before anything is charged (the page showed what it adds)
  const promo = bonus ? (req.promo ?? '').trim() : '';
  if (promo !== '') {
    await checkPromo(db, userId, promo, account.currency, now);
  }

  const next = await db.selectFrom('card_sandbox_next').select('scenario').where('user_id', '=', userId).executeTakeFirst();
  const scenario = scenarioOf(next?.scenario ?? card.scenario);
  const flags = await fraudFlags(db, userId, card, scenario, now);
  if (flags) {
    if (next) await db.deleteFrom('card_sandbox_next').where('user_id', '=', userId).execute();
    return flags;
  }

  try {
    return await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('card_payments')
        .values({
          id: randomUUID(),
          user_id: userId,
          idem_key: req.key,
          card_token: card.token,
          amount_minor: amountMinor,
          currency: account.currency,
          credit_account_id: account.id,
          fixed: req.fixed,
          bonus,
          promo,
          scenario,
          day: utcDay(now),
          credit_tx_id: null,
        })
        .onConflict((oc) => oc.columns(['user_id', 'idem_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        const again = await trx.selectFrom('card_payments').select('id').where('user_id', '=', userId).where('idem_key', '=', req.key).executeTakeFirstOrThrow();
        return { payment: again.id };
      }
      // the trader's own deposit limits, before any processor is tried (refused: nothing is created)
      await holdDeposit(trx, deps.rates, { userId, source: 'card', ref: inserted.id, amountMinor, currency: account.currency, now });
      if (limit < 1) throw new DayLimit();
      // the row locked by the conflict is re-read under the lock: parallel deposits cannot pass the limit
      const counted = await trx
        .insertInto('card_day_counts')
        .values({ user_id: userId, day: utcDay(now), count: 1 })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'day'])
            .doUpdateSet({ count: sql`card_day_counts.count + 1` })
            .where('card_day_counts.count', '<', limit),
        )
        .returning('count')
        .executeTakeFirst();
      if (!counted) throw new DayLimit();
      await trx.deleteFrom('card_sandbox_next').where('user_id', '=', userId).execute();
      return { payment: inserted.id };
    });
  } catch (error) {
    if (error instanceof DayLimit) return { day_limit: true };
    throw error;
  }
}
