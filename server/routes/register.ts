import { RegisterCheckRequest, RegisterRequest, normalizeEmailInput, RegisterCheckResponse, RegisterResponse } from '../../core/contract/register';
import { randomBytes } from 'node:crypto';
import { createAutologinKey } from '../domain/autologin';
import { beginRegistration, checkAllowed, settleRegistration } from '../domain/register/limits';
import { checkRegistrationField, fieldsMessage, openAccount, registrationRefusals } from '../domain/register/register';
import { affiliateId } from '../domain/public-site/public-site';
import { AFF_COOKIE } from '../http/public-html';

import { sessionOf, type RouteDeps } from './deps';
import { Refusal } from '../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

const minutes = (seconds: number): string => {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} minute${m === 1 ? '' : 's'}`;
};

const CHECK_TEXT: Record<string, string> = {
  'register.email_taken': 'An account with this email already exists. Please sign in instead.',
  'register.email_invalid': 'This is not an email address.',
  'register.email_domain': 'This email domain is reserved. Please use your own email.',
  'register.phone_nanp': 'Enter the 10-digit number with the area code.',
  'register.phone_short': 'The number is too short.',
  'register.phone_long': 'The number is too long.',
  'register.phone_digits': 'Use digits only.',
  'register.phone_prefix_invalid': 'This is not a calling code we know.',
};

/**
 * POST /api/register (spec 001 §7): opens an account and answers a one-time autologin key, so the
 * browser signs in through /{lang}/autologin and lands on /{lang}/trading#/home.
 * POST /api/register/check (spec 000 §5 "server validate"): one field (email or phone) under `em`.
 * In order: the body's shape, the form rules (400 with every bad field; nothing written), the
 * attempt limits (429), then the email (409) and the account. The `aff` cookie (a referral link's
 * affiliate, kept by the public site) is recorded on the new account.
 */
export const registerRoutes: RoutePlugin<RouteDeps> = async (app, { db, config, settings, platform }) => {
  app.post('/api/register', { schema: api(TAGS.session, 'Open an account', { body: RegisterRequest, response: RegisterResponse }) }, async (request): Promise<RegisterResponse> => {
    const sent = request.body;
    sessionOf(request);
    // a demo account's login is at the site host (spec 000 §6): the server makes it
    const body = sent.demo === true ? { ...sent, login: `demo-${randomBytes(5).toString('hex')}@${config.siteHost}` } : sent;
    const fields = registrationRefusals(body, config.siteHost, { demo: body.demo === true });
    if (Object.keys(fields).length > 0) throw new Refusal(400, 'validation', fieldsMessage(fields), { fields });
    const lang = body.lang && settings.languages.includes(body.lang) ? body.lang : settings.defaultLanguage;

    const gate = await beginRegistration(db, normalizeEmailInput(body.login), request.ip, config.registerLimits);
    if (gate.limited) {
      const { reason, retryAfterSeconds } = gate.limited;
      const what = reason === 'email' ? 'for this email' : 'from your network';
      throw new Refusal(429, 'register.limited', `Too many registration attempts ${what}. Please try again in ${minutes(retryAfterSeconds)}.`, {
        headers: { 'retry-after': String(retryAfterSeconds) },
      });
    }
    try {
      // a referral link's affiliate (the public site keeps ?aff= in a cookie for 30 days)
      const opened = await openAccount(db, platform, body, lang, { affiliate: affiliateId(request.cookies[AFF_COOKIE]) });
      const { key } = await createAutologinKey(db, opened.userId, { redirect: 'home', lang, mobile: false });
      await settleRegistration(db, gate.attemptId, 'created');
      return { ok: true, key, url: `/${lang}/autologin?key=${encodeURIComponent(key)}`, ...(body.demo === true && { login: opened.email }) };
    } catch (error) {
      await settleRegistration(db, gate.attemptId, 'refused');
      if (error instanceof Refusal && error.status >= 500) request.log.error({ err: error.cause }, 'platform account not opened');
      throw error;
    }
  });

  app.post('/api/register/check', { schema: api(TAGS.session, 'Check a registration field (email taken, …)', { body: RegisterCheckRequest, response: RegisterCheckResponse }) }, async (request): Promise<RegisterCheckResponse> => {
    const body = request.body;
    sessionOf(request);
    const limit = await checkAllowed(db, request.ip, config.registerLimits);
    if (!limit.allowed) {
      throw new Refusal(429, 'register.limited', `Too many checks from your network. Please try again in ${minutes(limit.retryAfterSeconds)}.`, {
        headers: { 'retry-after': String(limit.retryAfterSeconds) },
      });
    }
    const key = await checkRegistrationField(db, config.siteHost, body.field, body.em, body.prefix ?? '');
    if (!key) return { error: false, message: 'OK' };
    return { error: true, key, message: CHECK_TEXT[key] ?? 'Please check this field.' };
  });
};
