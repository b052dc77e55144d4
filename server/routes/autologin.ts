import type { FastifyPluginAsync } from 'fastify';
import { AutologinRequest, SandboxAutologinRequest, type AutologinValues, type SandboxAutologinResponse } from '../../core/contract';
import { createAutologinKey, redeemAutologinKey } from '../domain/autologin';
import { findUserByEmail } from '../domain/users';
import { parse } from '../http/parse';
import { requireSandboxAccess } from '../http/sandbox-access';
import type { RouteDeps } from './deps';
import { Refusal } from '../domain/refusal';

/**
 * POST /api/autologin {key}: the autologin page's values (spec 000 §2); the password is a
 * one-time ticket valid 5 minutes. POST /api/sandbox/autologin {email} (sandbox only):
 * creates a key for testers: for the signed-in user's own email, a user this session made with
 * fresh-user, or any email with the sandbox operator token (x-sandbox-operator).
 */
export const autologinRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, config, settings }) => {
  app.post('/api/autologin', async (request): Promise<AutologinValues> => {
    const { key } = parse(AutologinRequest, request.body);
    const redeemed = await redeemAutologinKey(db, key);
    if (!redeemed) throw new Refusal(401, 'autologin.invalid', 'This sign-in link is invalid, already used or expired.');
    return { email: redeemed.email, password: redeemed.ticket, redirect: redeemed.redirect, mobile: redeemed.mobile, lang: redeemed.lang };
  });

  if (!config.sandbox) return;
  app.post('/api/sandbox/autologin', async (request): Promise<SandboxAutologinResponse> => {
    const body = parse(SandboxAutologinRequest, request.body);
    const lang = body.lang && settings.languages.includes(body.lang) ? body.lang : settings.defaultLanguage;
    const user = await findUserByEmail(db, body.email);
    // a sign-in link is the account itself: not for just any session
    await requireSandboxAccess(db, request, config, user?.id, 'account');
    if (!user) throw new Refusal(404, 'user.not_found', 'There is no user with this email.');
    const { key, expiresAt } = await createAutologinKey(db, user.id, { redirect: body.redirect ?? '', lang, mobile: body.mobile ?? false });
    return { key, url: `/${lang}/autologin?key=${encodeURIComponent(key)}`, expiresAt: expiresAt.toISOString() };
  });
};
