import { timingSafeEqual } from 'node:crypto';
import { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { processorSlug, type CardProcessor } from '../../../core/contract';
import { formatMoney } from '../../../core/money';
import { PROCESSOR_TABLE } from '../../../core/cascade/processors';
import { attemptOf, completeAttempt, ownAttempt, type PaymentDeps } from '../../domain/payments';
import { toBigInt } from '../../db/values';
import { parse } from '../../http/parse';
import { SESSION_COOKIE } from '../../http/session';
import { findSession } from '../../domain/sessions';
import { renderMissingPage, renderProcessorPage } from './pages';
import { cardStepOf } from '../script/store';
import { SCRIPTED_SCENARIO } from '../script/card-gateway';
import type { CardAttemptRow, CardPaymentRow, CardRow } from '../../db/schema-card';
import { Refusal } from '../../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../../http/route-schema';

export interface CardPageOptions {
  deps: PaymentDeps;
}


const CompleteForm = z.object({
  uid: z.string().check(z.maxLength(64)),
  approve: z.enum(['0', '1']),
  lang: z.optional(z.string().check(z.maxLength(8))),
  csrf: z.string().check(z.maxLength(200)),
  cvv: z.optional(z.string().check(z.maxLength(4))),
});
function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
const PaymentQuery = z.object({ payment: z.string().check(z.maxLength(64)), amount: z.optional(z.string().check(z.maxLength(32))), lang: z.optional(z.string().check(z.maxLength(8))) });

/**
 * The processors' own pages (3-D Secure, hosted pages, Shape invoice, Entropay, Vload) at the
 * spec's addresses, and the form they post to. Only the payment's owner sees them. In the
 * sandbox they are ours (they say "Sandbox"); after the trader's choice the browser goes back
 * to `/{lang}/trading#/listen/funding/{proc}/{payment}/{uid}` where the cascade resumes.
 */
export const cardPageRoutes: RoutePlugin<CardPageOptions> = async (app, { deps }) => {
  const { settings } = deps;
  const langOf = (value: string | undefined): string => (value && settings.languages.includes(value) ? value : settings.defaultLanguage);
  const listenHash = (lang: string, attempt: CardAttemptRow, payment: CardPaymentRow): string =>
    `/${lang}/trading#/listen/funding/${processorSlug(attempt.processor as CardProcessor)}/${payment.id}/${attempt.uid}`;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const missing = (reply: FastifyReply, lang = settings.defaultLanguage) => reply.code(404).type('text/html; charset=utf-8').send(renderMissingPage(lang));

  async function show(request: FastifyRequest, reply: FastifyReply, find: (userId: number) => Promise<{ attempt: CardAttemptRow; payment: CardPaymentRow; card: CardRow }>, lang: string) {
    const userId = request.session?.user_id;
    if (userId === null || userId === undefined || !deps.gateway.sandbox) return missing(reply, lang);
    let found: { attempt: CardAttemptRow; payment: CardPaymentRow; card: CardRow };
    try {
      found = await find(userId);
    } catch (error) {
      if (error instanceof Refusal) return missing(reply, lang);
      throw error;
    }
    const { attempt, payment, card } = found;
    // already answered (a back button, a second tab): straight back to the cascade
    if (attempt.status !== 'redirect' && attempt.status !== 'dialog') return reply.redirect(listenHash(lang, attempt, payment), 303);
    const processor = attempt.processor as CardProcessor;
    // the outcome this attempt follows: the tester's scripted step for it, else the test card's (issue 32 §6)
    const step = await cardStepOf(deps.db, attempt.uid);
    const scenario = step ? SCRIPTED_SCENARIO[step] : payment.scenario;
    const html = renderProcessorPage({
      processor,
      // a 3-D Secure card meets its issuer's ACS page on any processor's page (a hosted page runs 3-D Secure too)
      kind: scenario === 'secure3d' ? '3-D Secure' : (PROCESSOR_TABLE[processor].page ?? 'payment page'),
      amount: formatMoney(toBigInt(payment.amount_minor), payment.currency),
      currency: payment.currency,
      card: `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ${card.first6}******${card.last4}`,
      uid: attempt.uid,
      lang,
      csrf: request.session?.csrf ?? '',
      outcome: scenario === 'timeout' ? 'timeout' : scenario === 'pending' ? 'pending' : 'approved',
      cvv: processor === 'ENTROPAY' && attempt.code === 'cvv',
    });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  }

  const byUid = (path: string, summary: string) =>
    app.get<{ Params: { uid: string }; Querystring: { lang?: string } }>(path, { schema: api(TAGS.card, summary, { produces: 'text/html' }) }, (request, reply) =>
      show(request, reply, (userId) => ownAttempt(deps.db, userId, request.params.uid), langOf(request.query.lang)),
    );
  byUid('/api/card/secure/pfs/:uid', 'PFS 3-D Secure page');
  byUid('/api/payconcept/secure/:uid', 'CONCEPT 3-D Secure page');
  byUid('/api/card/fast/ezpay/page/:uid', 'EZPAY hosted payment page');
  byUid('/api/shape/invoice/:uid', 'SHAPE hosted invoice page');

  const byPayment = (path: string, processor: CardProcessor, summary: string) =>
    app.get(path, { schema: api(TAGS.card, summary, { querystring: PaymentQuery, produces: 'text/html' }) }, (request, reply) => {
      const query = request.query;
      return show(request, reply, (userId) => attemptOf(deps.db, userId, query.payment, processor), langOf(query.lang));
    });
  byPayment('/api/entro/redirect', 'ENTROPAY', 'Entropay return page');
  byPayment('/api/vload/start', 'VLOAD', 'Vload voucher pages: start');
  byPayment('/api/vload/prepare', 'VLOAD', 'Vload voucher pages: prepare');
  byPayment('/api/vload/finish', 'VLOAD', 'Vload voucher pages: finish');

  // the pages' form: outside /api (a form cannot send the CSRF header), so it carries the session's CSRF token;
  // registered only for sandbox processors (a real processor hosts its own page)
  if (!deps.gateway.sandbox) return;
  app.post('/sandbox/card/complete', { schema: api(TAGS.sandbox, 'Card processor page: complete (form)', { produces: 'redirect' }) }, async (request, reply) => {
    const form = parse(CompleteForm, request.body, 'form');
    // outside /api the session hook does not run: the page's form is checked here (session + its CSRF token)
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await findSession(deps.db, token) : null;
    const userId = session?.user_id;
    if (userId === null || userId === undefined || !session || !sameToken(form.csrf, session.csrf) || !deps.gateway.sandbox) return missing(reply);
    try {
      const approve = form.approve === '1';
      if (approve && form.cvv !== undefined && !/^\d{3,4}$/.test(form.cvv)) return missing(reply);
      const done = await completeAttempt(deps, userId, form.uid, { approve, cvv: approve ? form.cvv : undefined });
      return reply.redirect(listenHash(langOf(form.lang), done.attempt, done.payment), 303);
    } catch (error) {
      if (error instanceof Refusal) return missing(reply);
      throw error;
    }
  });
};
