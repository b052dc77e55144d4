import { sql } from 'kysely';
import { fromUnits, toUnits, trimDecimal } from '../../../core/decimal';
import { formatMoney, InvalidAmount, isCurrency, parseMoney } from '../../../core/money';
import type { PromoCodeRow, PromoKind } from '../../db/schema-promo';
import { PG_UNIQUE_VIOLATION, pgErrorCode, toBigInt } from '../../db/values';
import type { DbOrTx } from '../ledger';
import { Refusal } from '../refusal';

/**
 * Promo codes (spec 001 §3 Promo, §9 "a promotion bonus adds to the percent"): a code adds a
 * percent to the deposit bonus's percent (under the max percent) or a fixed value (under the max
 * value), in one currency or any, inside a validity window, at most max_uses times in all and
 * once per trader; a personal code (`owner_user_id`: a limited offer's) by its owner only. Checked when the trader applies it and before a card payment starts;
 * redeemed in the deposit's own transaction (server/domain/deposits/bonus.ts).
 */

/** percents are stored × 10 000 (4 decimals), as core/amount computes them */
const PERCENT_DECIMALS = 4;
export const PROMO_CODE = /^[A-Z0-9_-]{1,32}$/;

/** What a valid code adds, in the deposit's currency. */
export interface PromoGrant {
  code: string;
  /** percent added, "1" ('0' for a value code) */
  percent: string;
  /** fixed value added in the deposit's currency, "10.00" ('0' for a percent code) */
  value: string;
}

/** The trader-facing refusals: one key and one clear message each (translated on the client: src/features/funding/messages.ts). */
export const PROMO_REFUSALS = {
  invalid: () => new Refusal(400, 'promo.invalid', 'This promo code is not valid.'),
  unknown: () => new Refusal(404, 'promo.unknown', 'There is no such promo code. Check the spelling.'),
  inactive: () => new Refusal(410, 'promo.inactive', 'This promo code has been withdrawn.'),
  notYet: (from: Date) => new Refusal(409, 'promo.not_yet', `This promo code is valid from ${from.toISOString().slice(0, 10)}.`),
  expired: (until: Date) => new Refusal(410, 'promo.expired', `This promo code expired on ${until.toISOString().slice(0, 10)}.`),
  usedUp: () => new Refusal(410, 'promo.used_up', 'This promo code has been used up.'),
  alreadyUsed: () => new Refusal(409, 'promo.already_used', 'You have already used this promo code.'),
  currency: (currency: string) => new Refusal(409, 'promo.currency', `This promo code is for deposits in ${currency} only.`),
  notYours: () => new Refusal(403, 'promo.not_yours', 'This promo code was given to another trader and only they can use it.'),
} as const;

export const normalizeCode = (code: string): string => code.trim().toUpperCase();

function grantOf(row: PromoCodeRow): PromoGrant {
  const percent = trimDecimal(fromUnits(toBigInt(row.percent_units), PERCENT_DECIMALS));
  const value = row.kind === 'value' && row.currency ? formatMoney(toBigInt(row.value_minor), row.currency) : '0';
  return { code: row.code, percent, value };
}

/**
 * Why this row cannot be used by this trader now, or null (the redemption count and the window;
 * not the once-per-trader rule). Someone else's personal code is refused first: its state (used,
 * expired) is its owner's business, and nothing of it is counted.
 */
function rowProblem(row: PromoCodeRow, userId: number, currency: string, now: Date): Refusal | null {
  if (row.owner_user_id !== null && row.owner_user_id !== userId) return PROMO_REFUSALS.notYours();
  if (!row.active) return PROMO_REFUSALS.inactive();
  if (now.getTime() < row.valid_from.getTime()) return PROMO_REFUSALS.notYet(row.valid_from);
  if (row.valid_until && now.getTime() >= row.valid_until.getTime()) return PROMO_REFUSALS.expired(row.valid_until);
  if (row.max_uses !== null && row.uses >= row.max_uses) return PROMO_REFUSALS.usedUp();
  if (row.currency !== null && row.currency !== currency) return PROMO_REFUSALS.currency(row.currency);
  return null;
}

async function findCode(db: DbOrTx, code: string): Promise<PromoCodeRow> {
  const normalized = normalizeCode(code);
  if (!PROMO_CODE.test(normalized)) throw PROMO_REFUSALS.invalid();
  const row = await db.selectFrom('promo_codes').selectAll().where('code', '=', normalized).executeTakeFirst();
  if (!row) throw PROMO_REFUSALS.unknown();
  return row;
}

/**
 * Whether a trader may use a code on a deposit in `currency` now: what it adds, or a Refusal
 * (invalid, unknown, withdrawn, not yet valid, expired, used up, already used by this trader,
 * another currency). Writes nothing.
 */
export async function checkPromo(db: DbOrTx, userId: number, code: string, currency: string, now: Date): Promise<PromoGrant> {
  const row = await findCode(db, code);
  const problem = rowProblem(row, userId, currency, now);
  if (problem) throw problem;
  const used = await db.selectFrom('promo_redemptions').select('id').where('code', '=', row.code).where('user_id', '=', userId).executeTakeFirst();
  if (used) throw PROMO_REFUSALS.alreadyUsed();
  return grantOf(row);
}

export type Redemption = { ok: true; grant: PromoGrant } | { ok: false; refusal: Refusal };

/**
 * Redeems a code for a confirmed deposit inside its transaction: once per trader (the unique
 * code + user), at most max_uses in all (a conditional UPDATE: two deposits racing for the last
 * use cannot both win). Never throws a Refusal: the deposit is credited either way; a code that
 * can no longer be used adds nothing and says why.
 */
export async function redeemPromo(trx: DbOrTx, input: { userId: number; code: string; currency: string; depositTxId: string; now: Date }): Promise<Redemption> {
  let row: PromoCodeRow;
  try {
    row = await findCode(trx, input.code);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, refusal: error };
    throw error;
  }
  const problem = rowProblem(row, input.userId, input.currency, input.now);
  if (problem) return { ok: false, refusal: problem };
  const inserted = await trx
    .insertInto('promo_redemptions')
    .values({ code: row.code, user_id: input.userId, deposit_tx_id: input.depositTxId })
    .onConflict((oc) => oc.columns(['code', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return { ok: false, refusal: PROMO_REFUSALS.alreadyUsed() };
  const counted = await trx
    .updateTable('promo_codes')
    .set({ uses: sql`uses + 1` })
    .where('code', '=', row.code)
    .where('active', '=', true)
    .where((eb) => eb.or([eb('owner_user_id', 'is', null), eb('owner_user_id', '=', input.userId)]))
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .returningAll()
    .executeTakeFirst();
  if (!counted) {
    await trx.deleteFrom('promo_redemptions').where('id', '=', inserted.id).execute();
    return { ok: false, refusal: PROMO_REFUSALS.usedUp() };
  }
  return { ok: true, grant: grantOf(counted) };
}

/** Records the bonus's ledger transaction on the redemption of this deposit. */
export async function attachBonusTx(trx: DbOrTx, userId: number, code: string, bonusTxId: string): Promise<void> {
  await trx.updateTable('promo_redemptions').set({ bonus_tx_id: bonusTxId }).where('code', '=', normalizeCode(code)).where('user_id', '=', userId).execute();
}

// ---- the operator's side (the sandbox console) ----

export interface PromoListItem {
  code: string;
  kind: PromoKind;
  /** "+1%" or "+10.00 USD" */
  adds: string;
  currency: string | null;
  validFrom: string;
  validUntil: string | null;
  maxUses: number | null;
  uses: number;
  active: boolean;
  /** what a trader would be told now (currency aside) */
  state: 'usable' | 'inactive' | 'not_yet' | 'expired' | 'used_up';
}

export async function listPromoCodes(db: DbOrTx, now: Date): Promise<PromoListItem[]> {
  const rows = await db.selectFrom('promo_codes').selectAll().orderBy('created_at', 'desc').orderBy('code').execute();
  return rows.map((row) => {
    const grant = grantOf(row);
    const state: PromoListItem['state'] = !row.active
      ? 'inactive'
      : now.getTime() < row.valid_from.getTime()
        ? 'not_yet'
        : row.valid_until && now.getTime() >= row.valid_until.getTime()
          ? 'expired'
          : row.max_uses !== null && row.uses >= row.max_uses
            ? 'used_up'
            : 'usable';
    return {
      code: row.code,
      kind: row.kind,
      adds: row.kind === 'percent' ? `+${grant.percent}%` : `+${grant.value} ${row.currency}`,
      currency: row.currency,
      validFrom: row.valid_from.toISOString(),
      validUntil: row.valid_until?.toISOString() ?? null,
      maxUses: row.max_uses,
      uses: row.uses,
      active: row.active,
      state,
    };
  });
}

export interface NewPromoCode {
  code: string;
  kind: PromoKind;
  /** the percent ("1.5") for a percent code, the value ("10") for a value code */
  amount: string;
  /** '' for any currency (a value code needs one) */
  currency: string;
  validFrom?: Date;
  validUntil?: Date | null;
  maxUses?: number | null;
}

const CREATE_REFUSAL = (key: string, message: string) => new Refusal(400, key, message);

/** Creates a code (the sandbox console, the seed). Refuses a bad or taken code, amount, currency or window. */
export async function createPromoCode(db: DbOrTx, input: NewPromoCode): Promise<string> {
  const code = normalizeCode(input.code);
  if (!PROMO_CODE.test(code)) throw CREATE_REFUSAL('promo.create.code', 'A code is 1 to 32 letters, digits, _ or -.');
  const currency = input.currency.trim().toUpperCase();
  if (currency !== '' && !isCurrency(currency)) throw CREATE_REFUSAL('promo.create.currency', `Unknown currency ${currency.slice(0, 8)}.`);
  let percentUnits = 0n;
  let valueMinor = 0n;
  try {
    if (input.kind === 'percent') {
      if (!/^\d{1,3}(\.\d{1,4})?$/.test(input.amount)) throw new InvalidAmount('amount.invalid', 'bad percent');
      percentUnits = toUnits(input.amount, PERCENT_DECIMALS);
      if (percentUnits <= 0n || percentUnits > 100n * 10n ** BigInt(PERCENT_DECIMALS)) throw new InvalidAmount('amount.invalid', 'bad percent');
    } else {
      if (currency === '') throw CREATE_REFUSAL('promo.create.currency', 'A fixed-value code needs its currency.');
      valueMinor = parseMoney(input.amount, currency);
      if (valueMinor <= 0n) throw new InvalidAmount('amount.invalid', 'bad value');
    }
  } catch (error) {
    if (error instanceof InvalidAmount) {
      throw CREATE_REFUSAL('promo.create.amount', input.kind === 'percent' ? 'The percent is a number above 0 and at most 100 (4 decimals).' : 'The value is an amount above 0 in the currency.');
    }
    throw error;
  }
  const validFrom = input.validFrom ?? new Date();
  if (input.validUntil && input.validUntil.getTime() <= validFrom.getTime()) throw CREATE_REFUSAL('promo.create.window', 'The code must end after it starts.');
  if (input.maxUses !== undefined && input.maxUses !== null && (!Number.isSafeInteger(input.maxUses) || input.maxUses <= 0)) {
    throw CREATE_REFUSAL('promo.create.max_uses', 'Maximum uses is a whole number above 0, or empty for no limit.');
  }
  try {
    await db
      .insertInto('promo_codes')
      .values({
        code,
        kind: input.kind,
        percent_units: percentUnits,
        value_minor: valueMinor,
        currency: currency === '' ? null : currency,
        valid_from: validFrom,
        valid_until: input.validUntil ?? null,
        max_uses: input.maxUses ?? null,
      })
      .execute();
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw new Refusal(409, 'promo.create.taken', `The code ${code} exists already.`);
    throw error;
  }
  return code;
}

/** Deactivates a code: traders are told it was withdrawn; redemptions made stay. */
export async function deactivatePromoCode(db: DbOrTx, code: string): Promise<void> {
  const done = await db.updateTable('promo_codes').set({ active: false }).where('code', '=', normalizeCode(code)).returning('code').executeTakeFirst();
  if (!done) throw PROMO_REFUSALS.unknown();
}
