import { createHmac, randomBytes } from 'node:crypto';
import creditCardType from 'credit-card-type';
import type { CardSaveRequest, SandboxScenario, SavedCard } from '../../../core/contract';
import type { DbOrTx } from '../ledger';
import { luhn } from '../../../core/card-facts';
import { Refusal } from '../refusal';

/** Cards a trader may save in 24 hours: enough for typos and a second card, not for testing stolen numbers. */
export const CARD_SAVES_PER_DAY = 20;
export const CARD_SAVE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Brands the card form accepts (001 §5): visa, mastercard, maestro; the JCB form only jcb. */
const MAIN_BRANDS = ['visa', 'mastercard', 'maestro'];

/** Luhn (mod 10) check of a digit string: the one the card form runs too (core/card-facts.ts). */
export const luhnValid = luhn;

/**
 * The card's fingerprint: HMAC-SHA-256 of its digits under the server's secret
 * (config.cardFingerprintSecret). It names the card across tokens and accounts so a block holds
 * for the card; without the secret it cannot be turned back into the number or matched against
 * a list of numbers. The number itself is never stored or logged.
 */
export const cardFingerprint = (secret: string, digits: string): string => createHmac('sha256', secret).update(digits, 'utf8').digest('hex');

/**
 * Whether a card is blocked for this trader: its own token's flag (cards saved before
 * fingerprints), or a block on its fingerprint for every account or for this trader's.
 */
export async function fingerprintBlocked(db: DbOrTx, userId: number, fingerprint: string | null): Promise<boolean> {
  if (fingerprint === null) return false;
  const block = await db
    .selectFrom('card_blocks')
    .select('id')
    .where('fingerprint', '=', fingerprint)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
    .executeTakeFirst();
  return block !== undefined;
}

export const BLOCKED_MESSAGE = 'This card cannot be used: its bank reported it lost, stolen or blocked. Please use another card or payment method.';

/** The card number as the form sends it, spaces and dashes removed (001 §3: normalised). */
export const normalizeNumber = (cnu: string): string => cnu.replace(/[\s-]+/g, '');

export interface CheckedCard {
  first6: string;
  last4: string;
  brand: string;
}

/** Length, type and Luhn of a number (001 §5), with the form's field keys. The number is not kept. */
export function checkNumber(cnu: string, cardType: CardSaveRequest['card_type']): CheckedCard {
  const digits = normalizeNumber(cnu);
  if (digits === '') throw new Refusal(400, 'card.required', 'Please fill the required fields', { fields: { cnu: 'card.required' } });
  if (!/^\d+$/.test(digits)) throw new Refusal(400, 'card.number', 'The card number may contain digits only.', { fields: { cnu: 'card.number' } });
  const type = creditCardType(digits)[0];
  const accepted = cardType === 'jcb' ? ['jcb'] : cardType && cardType !== 'all' ? [cardType] : MAIN_BRANDS;
  if (!type || !accepted.includes(type.type)) throw new Refusal(400, 'card.type', 'Invalid card type.', { fields: { cnu: 'card.type' } });
  if (!type.lengths.includes(digits.length)) {
    throw new Refusal(400, 'card.length', `Valid card length ${type.lengths.join(' or ')}`, { fields: { cnu: 'card.length' } });
  }
  if (!luhnValid(digits)) throw new Refusal(400, 'card.luhn', 'The card number is not valid. Please check it.', { fields: { cnu: 'card.luhn' } });
  return { first6: digits.slice(0, 6), last4: digits.slice(-4), brand: type.type };
}

/**
 * POST /api/card/save: stores a token, the first six and last four digits, brand, expiry,
 * holder, country and the sandbox scenario. The full number and the CVV go no further than
 * this function's arguments.
 */
export async function saveCard(
  db: DbOrTx,
  userId: number,
  input: CardSaveRequest,
  options: {
    now: Date;
    scenarioOf: (digits: string) => SandboxScenario;
    sandbox: boolean;
    /** config.cardFingerprintSecret */
    fingerprintSecret: string;
    /** a public test number every tester shares (sandbox): its blocks hold for the account only */
    sharedNumber?: (digits: string) => boolean;
  },
): Promise<SavedCard> {
  const recent = await db
    .selectFrom('cards')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', new Date(options.now.getTime() - CARD_SAVE_WINDOW_MS))
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= CARD_SAVES_PER_DAY) {
    throw new Refusal(429, 'card.too_many', 'Too many cards were entered today. Please try again tomorrow or choose another method.');
  }
  const holder = `${input.fn.trim()} ${input.ln.trim()}`.trim();
  if (holder === '') throw new Refusal(400, 'card.required', 'Please fill the required fields', { fields: { fn: 'card.required' } });
  const checked = checkNumber(input.cnu, input.card_type);
  if (input.cvv !== undefined && !/^\d{3,4}$/.test(input.cvv)) throw new Refusal(400, 'card.cvv', 'The CVV is 3 or 4 digits.', { fields: { cvv: 'card.cvv' } });
  const month = Number(input.emm);
  const year = Number(input.eyy);
  const thisMonth = options.now.getUTCFullYear() * 12 + options.now.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth) throw new Refusal(400, 'card.expired', 'The card has expired.', { fields: { emm: 'card.expired' } });
  if (year > options.now.getUTCFullYear() + 25) throw new Refusal(400, 'card.expiry', 'Please check the expiry year.', { fields: { eyy: 'card.expiry' } });
  const digits = normalizeNumber(input.cnu);
  const fingerprint = cardFingerprint(options.fingerprintSecret, digits);
  // a lost, stolen, pick-up or fraud block holds for the card, not for the token it was declined under
  if (await fingerprintBlocked(db, userId, fingerprint)) throw new Refusal(403, 'card.blocked', BLOCKED_MESSAGE, { fields: { cnu: 'card.blocked' } });
  const scenario = options.sandbox ? options.scenarioOf(digits) : 'approved';
  const token = `card_${randomBytes(16).toString('hex')}`;
  await db
    .insertInto('cards')
    .values({
      token,
      user_id: userId,
      first6: checked.first6,
      last4: checked.last4,
      brand: checked.brand,
      exp_month: month,
      exp_year: year,
      holder: holder.slice(0, 200),
      country: input.cu.toUpperCase(),
      scenario,
      fingerprint,
      shared_number: options.sandbox && (options.sharedNumber?.(digits) ?? false),
    })
    .execute();
  return { card: token, ...checked, expiry: `${String(month).padStart(2, '0')}/${year}`, sandbox: options.sandbox };
}
