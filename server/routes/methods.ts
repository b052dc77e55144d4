import { announceDeposit } from './deposit-push';
import { FastMethodRequest, MethodDepositId, NetellerRequest, ReportMethodRequest, MethodDepositView, MethodStartResponse } from '../../core/contract/methods';
import { FAST_METHODS, isMethod, REPORT_METHODS, type MethodId } from '../../core/methods';
import { confirmWebhook, depositView, findDeposit, SIGNATURE_HEADER, startDeposit, type MethodDeps, type StartInput } from '../domain/methods';
import { notFound } from '../http/errors';
import { parse } from '../http/parse';
import { requireUser } from '../http/session';
import type { RouteDeps } from './deps';
import { reversalDepsOf } from '../domain/payments/reversal-deps';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/**
 * The wallet methods (core/methods.ts): POST /api/neteller, /api/card/fast/{FAST_METHODS},
 * /api/report/{REPORT_METHODS}; the owner's
 * GET /api/methods/deposits/{id}; the providers' signed POST /api/methods/{provider}/webhook.
 * The wallet providers are a port (server/compose.ts registers the sandbox providers' pages).
 */
export const methodRoutes: RoutePlugin<RouteDeps> = async (app, options) => {
  const { db, config, settings, push, ports } = options;
  const gateway = ports.wallets;
  const deps: MethodDeps = {
    db,
    gateway,
    rates: ports.rates,
    config: ports.walletSecrets,
    reversals: reversalDepsOf(options),
    settings,
    siteHost: config.siteHost,
    events: {
      methodUpdated: (userId, id, status) => push.publish(userId, { type: 'method.updated', id, status }),
      // the depositor's (and a referrer's) balance and bell follow
      userUpdated: (userId) => announceDeposit(db, push, userId),
    },
  };

  async function start(userId: number, input: Omit<StartInput, 'userId'>): Promise<MethodStartResponse> {
    const started = await startDeposit(deps, { userId, ...input });
    return {
      return: true,
      id: started.deposit.id,
      method: input.method,
      status: started.deposit.status,
      ...(started.redirectUrl !== undefined && { redirect_url: started.redirectUrl }),
    };
  }
  const langOf = (lang: string | undefined): string => (lang && settings.languages.includes(lang) ? lang : settings.defaultLanguage);

  app.post('/api/neteller', { schema: api(TAGS.methods, 'Start a Neteller deposit', { body: NetellerRequest, response: MethodStartResponse }) }, async (request): Promise<MethodStartResponse> => {
    const userId = requireUser(request);
    const body = request.body;
    const fixed = body.is_fixed ?? false;
    // the secure id goes to the provider and nowhere else (no column, no log)
    return start(userId, {
      method: 'neteller',
      amount: body.amount,
      currency: body.currency,
      fixed,
      bonus: body.bonus ?? false,
      promo: body.promo ?? '',
      lang: langOf(body.lang),
      account: body.net_account,
      secureId: body.secure_id,
    });
  });

  const fast = (method: MethodId) =>
    app.post(`/api/card/fast/${method}`, { schema: api(TAGS.methods, `Start a ${method} deposit`, { body: FastMethodRequest, response: MethodStartResponse }) }, async (request): Promise<MethodStartResponse> => {
      const userId = requireUser(request);
      const body = request.body;
      return start(userId, { method, amount: body.amount, currency: body.currency, fixed: body.fixed ?? false, bonus: body.bonus ?? false, promo: body.promo ?? '', lang: langOf(body.lang) });
    });
  for (const method of FAST_METHODS) fast(method);

  for (const method of REPORT_METHODS) {
    app.post(`/api/report/${method}`, { schema: api(TAGS.methods, `Start a ${method} deposit`, { body: ReportMethodRequest, response: MethodStartResponse }) }, async (request): Promise<MethodStartResponse> => {
      const userId = requireUser(request);
      const body = request.body;
      return start(userId, { method, amount: body.amount, currency: body.currency, fixed: body.fixed ?? false, bonus: body.bonus ?? false, promo: body.promo ?? '', lang: langOf(body.lang) });
    });
  }

  app.get<{ Params: { id: string } }>('/api/methods/deposits/:id', { schema: api(TAGS.methods, 'One wallet-method deposit', { response: MethodDepositView }) }, async (request): Promise<MethodDepositView> => {
    const userId = requireUser(request);
    const id = parse(MethodDepositId, request.params.id, 'params');
    const row = await findDeposit(db, userId, id);
    if (!row) throw notFound('There is no such deposit.');
    return depositView(row);
  });

  // the providers' webhooks: signed over the raw body, so this scope keeps the body as the string that arrived
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    hooks.post<{ Params: { provider: string } }>('/api/methods/:provider/webhook', { schema: api(TAGS.methods, "A provider's signed webhook (raw body)") }, async (request) => {
      const { provider } = request.params;
      if (!isMethod(provider) && !Object.hasOwn(deps.config.secrets, provider)) throw notFound('There is no such provider.');
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers[SIGNATURE_HEADER];
      const result = await confirmWebhook(deps, provider, raw, typeof header === 'string' ? header : undefined);
      return { ok: true, status: result.status, credited: result.credited };
    });
  });
};
