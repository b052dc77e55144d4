import { reversalDepsOf } from '../domain/payments/reversal-deps';
import { processorOfPath, verifyReversalWebhook } from '../domain/payments/reversal-webhook';
import { takeReversalEvent } from '../domain/payments/reversals';
import { SIGNATURE_HEADER } from '../domain/methods';
import { notFound } from '../http/errors';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';
import type { RouteDeps } from './deps';

/**
 * The card processors' refund and dispute webhooks (issue 32 §2): POST /api/processors/{name}/webhook,
 * signed over the raw body with the processor's secret (PROCESSOR_WEBHOOK_SECRET_{NAME}; the same
 * signing, window and replay rules as the wallets' webhooks). No session and no CSRF token: the
 * signature is the sender's proof (an /api POST without a session passes the CSRF hook only here
 * and in the wallets' webhook scope, as the raw-body scope has no cookie to protect).
 */
export const processorWebhookRoutes: RoutePlugin<RouteDeps> = async (app, options) => {
  const deps = reversalDepsOf(options);
  const secrets = options.ports.processorSecrets.secrets;
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    hooks.post<{ Params: { processor: string } }>('/api/processors/:processor/webhook', { schema: api(TAGS.methods, "A card processor's signed refund or dispute webhook (raw body)") }, async (request) => {
      const name = request.params.processor;
      const processor = processorOfPath(name);
      const secret = processor ? secrets[name] : undefined;
      if (!processor || !secret) throw notFound('There is no such processor.');
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers[SIGNATURE_HEADER];
      const body = verifyReversalWebhook(secret, raw, typeof header === 'string' ? header : undefined, deps.now?.() ?? new Date());
      const outcome = await takeReversalEvent(deps, 'card', processor, body);
      const r = outcome.reversal;
      return { ok: true, id: r.id, status: r.status, changed: outcome.changed, debited: outcome.debitedMinor.toString(), shortfall: outcome.shortfallMinor.toString() };
    });
  });
};
