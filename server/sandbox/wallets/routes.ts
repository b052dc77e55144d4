import { randomUUID, timingSafeEqual } from 'node:crypto';
import { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { Settings } from '../../../core/contract';
import { isMethod, METHOD_NAMES } from '../../../core/methods';
import { formatMoney } from '../../../core/money';
import type { Db } from '../../db';
import type { MethodDepositRow } from '../../db/schema-methods';
import { toBigInt } from '../../db/values';
import { findDeposit, SIGNATURE_HEADER, signWebhook, type MethodConfig } from '../../domain/methods';
import { findSession } from '../../domain/sessions';

import { SESSION_COOKIE } from '../../http/session';
import { renderWalletMissing, renderWalletPage } from './pages';
import { sandboxTxId } from './gateway';
import { api, TAGS, type RoutePlugin } from '../../http/route-schema';

export interface SandboxWalletOptions {
  db: Db;
  settings: Settings;
  config: MethodConfig;
}

const Form = z.object({ lang: z.optional(z.string().check(z.maxLength(8))), csrf: z.string().check(z.maxLength(200)) });
type Params = { provider: string; id: string };

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The sandbox providers' hosted pages `/sandbox/wallets/{provider}/{id}` (owner only) and their
 * Pay and Cancel. Pay makes the sandbox provider send its signed webhook to our webhook route
 * (through the router, so the signature check really runs), then sends the browser back to
 * `/{lang}/trading#/listen/funding/{method}/{id}/{ref}`.
 */
export const sandboxWalletRoutes: RoutePlugin<SandboxWalletOptions> = async (app, { db, settings, config }) => {
  const langOf = (value: string | undefined): string => (value && settings.languages.includes(value) ? value : settings.defaultLanguage);
  const missing = (reply: FastifyReply, lang: string) => reply.code(404).type('text/html; charset=utf-8').send(renderWalletMissing(lang));
  const back = (lang: string, d: MethodDepositRow, ref: string) => `/${lang}/trading#/listen/funding/${d.method}/${d.id}/${encodeURIComponent(ref)}`;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  // outside /api the session hook does not run: the session (and the form's CSRF token) are checked here
  async function ownerOf(request: FastifyRequest<{ Params: Params }>) {
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await findSession(db, token) : null;
    const userId = session?.user_id;
    if (!session || userId === null || userId === undefined) return null;
    const { provider, id } = request.params;
    if (!isMethod(provider) || !/^[0-9a-f-]{36}$/.test(id)) return null;
    const deposit = await findDeposit(db, userId, id);
    if (!deposit || deposit.provider !== provider) return null;
    return { session, deposit };
  }

  app.get<{ Params: Params; Querystring: { lang?: string } }>('/sandbox/wallets/:provider/:id', { schema: api(TAGS.sandbox, 'Wallet provider page', { produces: 'text/html' }) }, async (request, reply) => {
    const lang = langOf(request.query.lang);
    const found = await ownerOf(request);
    if (!found) return missing(reply, lang);
    const { session, deposit } = found;
    if (deposit.status !== 'pending') return reply.redirect(back(lang, deposit, deposit.provider_tx_id ?? 'done'), 303);
    const html = renderWalletPage({
      provider: deposit.provider,
      name: isMethod(deposit.method) ? METHOD_NAMES[deposit.method] : deposit.method,
      depositId: deposit.id,
      amount: formatMoney(toBigInt(deposit.amount_minor), deposit.currency),
      currency: deposit.currency,
      lang,
      csrf: session.csrf,
    });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });

  for (const action of ['pay', 'cancel'] as const) {
    app.post<{ Params: Params; Body: z.infer<typeof Form> }>(`/sandbox/wallets/:provider/:id/${action}`, { schema: api(TAGS.sandbox, `Wallet provider page: ${action}`, { body: Form, produces: 'redirect' }) }, async (request, reply) => {
      const form = request.body;
      const lang = langOf(form.lang);
      const found = await ownerOf(request);
      if (!found || !sameToken(form.csrf, found.session.csrf)) return missing(reply, lang);
      const { deposit } = found;
      const secret = config.secrets[deposit.provider];
      if (!secret) return missing(reply, lang);
      const transactionId = sandboxTxId(deposit.provider);
      // what the provider would send: its own event id, our reference, its transaction, the amount it took
      const raw = JSON.stringify({
        event_id: `evt_${randomUUID()}`,
        type: action === 'pay' ? 'payment.completed' : 'payment.failed',
        deposit_id: deposit.id,
        transaction_id: transactionId,
        amount: formatMoney(toBigInt(deposit.amount_minor), deposit.currency),
        currency: deposit.currency,
        created: Math.floor(Date.now() / 1000),
        ...(action === 'cancel' && { reason: 'cancelled on the provider page' }),
      });
      const sent = await app.inject({
        method: 'POST',
        url: `/api/methods/${deposit.provider}/webhook`,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(secret, raw) },
        payload: raw,
      });
      if (sent.statusCode >= 500) request.log.error({ status: sent.statusCode }, 'sandbox wallet: our webhook failed');
      return reply.redirect(back(lang, deposit, transactionId), 303);
    });
  }
};
