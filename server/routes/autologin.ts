import { AutologinRequest, type AutologinValues } from '../../core/contract';
import { redeemAutologinKey } from '../domain/autologin';

import type { RouteDeps } from './deps';
import { Refusal } from '../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/**
 * POST /api/autologin {key}: the autologin page's values (spec 000 §2); the password is a
 * one-time ticket valid 5 minutes. The testers' call that makes a key is registered by the
 * composition root (server/compose.ts).
 */
export const autologinRoutes: RoutePlugin<RouteDeps> = async (app, { db }) => {
  app.post('/api/autologin', { schema: api(TAGS.session, 'Trade a one-time sign-in key for the platform credentials', { body: AutologinRequest }) }, async (request): Promise<AutologinValues> => {
    const { key } = request.body;
    const redeemed = await redeemAutologinKey(db, key);
    if (!redeemed) throw new Refusal(401, 'autologin.invalid', 'This sign-in link is invalid, already used or expired.');
    return { email: redeemed.email, password: redeemed.ticket, redirect: redeemed.redirect, mobile: redeemed.mobile, lang: redeemed.lang };
  });
};
