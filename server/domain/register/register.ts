import { CALLING_CODES, findCountry } from '../../../core/contract/countries';
import {
  emailProblem,
  needsUsNotice,
  normalizeEmailInput,
  phoneDigits,
  phoneProblem,
  prefixDigits,
  registrationProblems,
  type RegisterRequest,
} from '../../../core/contract/register';
import { usStateProblem } from '../../../core/contract/us-states';
import { parseMoney } from '../../../core/money';
import type { Db } from '../../db';
import '../../db/schema-social';
import type { PlatformGateway } from '../ports';
import { houseAccount, transfer, type DbOrTx } from '../ledger';
import { Refusal } from '../refusal';
import { hashPassword } from '../passwords';
import { currentVersions } from '../../../core/legal/versions';
import { recordAcceptance } from '../legal/legal';
import { findUserByEmail, isDemoEmail } from '../users';

/**
 * Opening an account (spec 001 §3–§5): the user, one trading account in the chosen currency
 * with a zero balance (balances move only through the ledger, and there is nothing to move),
 * the profile (phone, promo, the US notice), and the matching account on the trading platform
 * (through its gateway, as a real integration would).
 */

export const EMAIL_TAKEN = 'An account with this email already exists. Please sign in instead.';

const ENGLISH: Record<string, string> = {
  'register.required': 'required',
  'register.country_required': 'choose your country',
  'register.country_invalid': 'not a country we know',
  'register.country_blocked': 'we cannot open accounts for residents of this country',
  'register.currency_invalid': 'choose USD, EUR, GBP or RUB',
  'register.email_invalid': 'not an email address',
  'register.email_long': 'too long',
  'register.email_domain': 'this email domain is reserved',
  'register.password_short': 'at least 10 characters',
  'register.password_long': 'too long',
  'register.password_email': 'must not contain the email',
  'register.password_common': 'too easy to guess',
  'register.name_long': 'too long',
  'register.name_invalid': 'letters, spaces, hyphens and apostrophes only',
  'register.phone_prefix_invalid': 'not a calling code we know',
  'register.phone_digits': 'digits only',
  'register.phone_nanp': 'a 10-digit number with the area code',
  'register.phone_short': 'at least 7 digits',
  'register.phone_long': 'too long',
  'register.promo_invalid': 'letters, digits, - and _ only, at most 32',
  'register.us_notice_required': 'US residents must accept the notice',
  'register.terms_required': 'accept the Client Agreement, Risk Disclosure and Privacy Notice',
  'register.state_required': 'choose your state',
  'register.state_invalid': 'not a US state we know',
};

/** "Please check these fields: phone (digits only), password (too easy to guess)." */
export const fieldsMessage = (fields: Record<string, string>): string =>
  `Please check these fields: ${Object.entries(fields)
    .map(([field, key]) => `${field} (${ENGLISH[key] ?? 'invalid'})`)
    .join(', ')}.`;

/**
 * Every problem of a registration body, by field (field → key): the shared form rules plus what
 * only the server decides (a known country that we serve, a known calling code, the reserved
 * demo domain, the US notice, practice accounts).
 */
export function registrationRefusals(body: RegisterRequest, siteHost: string, options: { demo?: boolean } = {}): Record<string, string> {
  const values = {
    country: body.country,
    currency: body.currency ?? 'USD',
    login: body.login,
    password: body.password,
    firstName: body.firstName,
    lastName: body.lastName,
    phone_prefix: body.phone_prefix,
    phone: body.phone,
    promo: body.promo ?? '',
  };
  const fields: Record<string, string> = {};
  for (const [field, problem] of Object.entries(registrationProblems(values))) fields[field] = problem.key;
  if (!fields.country) {
    const country = findCountry(body.country);
    if (!country) fields.country = 'register.country_invalid';
    else if (!country.allowRegistration) fields.country = 'register.country_blocked';
  }
  if (!fields.phone_prefix && !CALLING_CODES.has(prefixDigits(body.phone_prefix))) fields.phone_prefix = 'register.phone_prefix_invalid';
  if (!fields.login && !options.demo && isDemoEmail(normalizeEmailInput(body.login), siteHost)) fields.login = 'register.email_domain';
  if (!fields.country && needsUsNotice(body.country) && body.usNotice !== true) fields.usNotice = 'register.us_notice_required';
  // issue 30 §5: the documents are accepted explicitly (an unticked box on every form)
  if (body.terms !== true) fields.terms = 'register.terms_required';
  const state = fields.country ? null : usStateProblem(body.country, body.state);
  if (state) fields.state = state;
  return fields;
}

/** The "server validate" of one field (spec 000 §5): a problem key, or null. */
export async function checkRegistrationField(db: DbOrTx, siteHost: string, field: 'login' | 'phone', value: string, prefix: string): Promise<string | null> {
  if (field === 'phone') {
    const code = prefixDigits(prefix);
    if (!CALLING_CODES.has(code)) return 'register.phone_prefix_invalid';
    return phoneProblem(code, value)?.key ?? null;
  }
  const email = normalizeEmailInput(value);
  const problem = emailProblem(value);
  if (problem) return problem.key;
  if (isDemoEmail(email, siteHost)) return 'register.email_domain';
  return (await findUserByEmail(db, email)) ? 'register.email_taken' : null;
}

/** The virtual money a demo account opens with (spec 000 §6: a demo account trades with virtual money). */
export const DEMO_VIRTUAL_MONEY = '10000.00';

export interface OpenedAccount {
  userId: number;
  email: string;
}

const isUniqueViolation = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/**
 * Opens the account. The body must have passed registrationRefusals. Our records are written in
 * one transaction; then the platform account is opened through the gateway. If the platform
 * refuses (the login exists there) or cannot be reached, our records are removed again, so a
 * later try starts clean. `affiliate`: the referral link's affiliate id (the `aff` cookie the
 * public site keeps 30 days), recorded as the user's affs_id (the current user's `affsId`).
 */
export async function openAccount(
  db: Db,
  platform: PlatformGateway,
  body: RegisterRequest,
  lang: string,
  options: { affiliate?: string | null; social?: boolean } = {},
): Promise<OpenedAccount> {
  // no account without the documents accepted (issue 30 §5), whichever way in asked registrationRefusals
  if (body.terms !== true) throw new Refusal(400, 'validation', fieldsMessage({ terms: 'register.terms_required' }), { fields: { terms: 'register.terms_required' } });
  // every way in (the form, social sign-in, a demo account) ends here: a country whose residents we
  // do not take (core/contract/countries.ts) is refused even if a caller did not ask registrationRefusals
  const country = findCountry(body.country);
  const countryKey = !country ? 'register.country_invalid' : country.allowRegistration ? null : 'register.country_blocked';
  if (countryKey) throw new Refusal(400, 'validation', fieldsMessage({ country: countryKey }), { fields: { country: countryKey } });
  const email = normalizeEmailInput(body.login);
  // a demo account (its email at the site host, chosen by the caller): a demo account with virtual money
  const demo = body.demo === true;
  if (await findUserByEmail(db, email)) throw new Refusal(409, 'register.email_taken', EMAIL_TAKEN, { fields: { login: 'register.email_taken' } });
  const currency = body.currency ?? 'USD';
  const passwordHash = await hashPassword(body.password);

  let userId: number;
  try {
    userId = await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          email,
          password_hash: passwordHash,
          first_name: body.firstName.trim(),
          last_name: body.lastName.trim(),
          country: body.country,
          currency,
          current_account_id: null,
          ...(options.affiliate && { affs_id: options.affiliate }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const account = await trx
        .insertInto('accounts')
        .values({ user_id: user.id, currency, type: demo ? 'demo' : 'trading', account_group: demo ? 'demo' : 'standard', platform_login: email })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('users').set({ current_account_id: account.id }).where('id', '=', user.id).execute();

      await trx
        .insertInto('user_profiles')
        .values({
          user_id: user.id,
          phone_prefix: prefixDigits(body.phone_prefix),
          phone: phoneDigits(body.phone),
          promo: (body.promo ?? '').trim(),
          us_notice_at: needsUsNotice(body.country) ? new Date() : null,
          us_state: body.country === 'US' ? (body.state ?? '') : '',
          lang,
        })
        .execute();
      // the documents' current versions, accepted with the user (one transaction: no account without its record)
      await recordAcceptance(trx, user.id, currentVersions(), { lang, source: demo ? 'demo' : options.social ? 'social' : 'registration', now: new Date() });
      return user.id;
    });
  } catch (error) {
    // two registrations of one email at once: the second meets the unique index
    if (isUniqueViolation(error)) throw new Refusal(409, 'register.email_taken', EMAIL_TAKEN, { fields: { login: 'register.email_taken' } });
    throw error;
  }

  let opened: boolean;
  try {
    opened = await platform.createAccount({ login: email, password: body.password, currency });
  } catch (error) {
    await removeUser(db, userId);
    throw Object.assign(new Refusal(503, 'platform.unavailable', 'The trading platform is not reachable right now. Please try again shortly.'), { cause: error });
  }
  if (!opened) {
    await removeUser(db, userId);
    throw new Refusal(409, 'register.email_taken', EMAIL_TAKEN, { fields: { login: 'register.email_taken' } });
  }
  if (demo) {
    // the virtual money, once the platform account exists (the mirror credits it there too)
    const account = await db.selectFrom('accounts').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
    await transfer(db, {
      kind: 'demo_credit',
      idempotencyKey: `demo-open:${account.id}`,
      debitAccountId: await houseAccount(db, currency),
      creditAccountId: account.id,
      amountMinor: parseMoney(DEMO_VIRTUAL_MONEY, currency),
      currency,
      meta: { source: 'demo registration' },
    });
  }
  return { userId, email };
}

/** Undoes an opening the platform did not complete (nothing else can refer to the user yet). */
async function removeUser(db: Db, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ current_account_id: null }).where('id', '=', userId).execute();
    await trx.deleteFrom('user_profiles').where('user_id', '=', userId).execute();
    await trx.deleteFrom('accounts').where('user_id', '=', userId).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
  });
}
