import { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { CARD_START_URL, CardListenRequest, CardProcessor, CardSaveRequest, CardStartRequest, EntroCvvRequest, EntroRejectRequest, FraudCheckRequest, processorSlug, UnionPayListenRequest, ZoomSessionRequest, CardListenResponse, CardPaymentView, FraudCheckResponse, FundingOptionsResponse, Ok, type ProcessorReplyWire, SavedCard, ZoomSessionResponse } from '../../core/contract';
import { fundingProfileOf, isDemoEmail } from '../domain/users';
import { saveCard } from '../domain/payments/cards';
import { renderReply } from '../domain/payments/dialects';
import { paymentWithAttemptInSession } from '../domain/payments/records';
import {
  attemptOf,
  cardsToday,
  completeAttempt,
  dailyCardLimitOf,
  fraudCheck,
  isFixedCountry,
  listenPolled,
  MAX_CARD_DEPOSIT,
  minDepositInto,
  paymentView,
  rejectEntropay,
  startAttempt,
  zoomSession,
  type PaymentDeps,
} from '../domain/payments';
import { parse } from '../http/parse';
import { adoptSession, requireUser, sessionIdOf } from '../http/session';
import type { RouteDeps } from './deps';
import { paymentDeps } from './payment-deps';
import { BONUS_TIERS } from '../../core/amount';
import { bonusRulesOf } from '../domain/deposits/bonus';
import { promotionTerms } from '../domain/promotions/promotions';
import { incentivesOffReason } from '../domain/protection/incentives';
import { Refusal } from '../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/**
 * Card funding (spec 000 §7): card save, fraud check, every processor's start and
 * listen, Entropay and Zoom extras, the funding options (promo codes: promo.ts); the processors' hosted
 * pages and, in sandbox mode, the sandbox control: server/sandbox/processors, registered by server/compose.ts.
 */
export const cardRoutes: RoutePlugin<RouteDeps> = async (app, options) => {
  const { db, config, settings, ports } = options;
  const deps: PaymentDeps = paymentDeps(options);

  app.get('/api/card/options', { schema: api(TAGS.card, 'Funding options: cascade, saved cards, limits', { response: FundingOptionsResponse }) }, async (request): Promise<FundingOptionsResponse> => {
    const userId = requireUser(request);
    const user = await fundingProfileOf(db, userId);
    const currency = user.currency;
    const geo = /^[A-Z]{2}$/.test(user.country) ? user.country : 'FR';
    // the activated promotion (the same as /api/us/promotions_max and the bonus the server credits)
    const promotion = await promotionTerms(db, userId, currency, new Date(), settings.maxBonusPercent);
    // no bonus, promo code or promotion is offered to this trader now (server/domain/protection/incentives.ts)
    const off = await incentivesOffReason(db, userId, new Date());
    return {
      currency,
      minDeposit: minDepositInto(user, settings, { type: user.accountType, currency }),
      maxDeposit: MAX_CARD_DEPOSIT,
      fixedAmount: isFixedCountry(user.country) ? settings.usCaFixedAmount : null,
      tiers: [...BONUS_TIERS],
      maxBonusPercent: settings.maxBonusPercent,
      maxBonusValue: settings.maxBonusValue,
      bonusTurnover: bonusRulesOf(settings).turnoverMultiplier,
      ...(promotion.id ? { promotion: { percent: promotion.percent, max: promotion.max } } : {}),
      ...(off ? { incentivesOff: { reason: off } } : {}),
      geo,
      cardsToday: await cardsToday(db, userId, new Date()),
      dailyLimit: dailyCardLimitOf(deps),
      sandbox: deps.gateway.sandbox,
    };
  });

  app.post('/api/card/save', { schema: api(TAGS.card, 'Save a card for later deposits', { body: CardSaveRequest, response: SavedCard }) }, async (request): Promise<SavedCard> => {
    const userId = requireUser(request);
    const body = request.body;
    // a demo account pays by no card (spec 001 §6): refused before anything is stored
    const profile = await fundingProfileOf(db, userId);
    if (isDemoEmail(profile.email, config.siteHost) || profile.accountType === 'demo') {
      throw new Refusal(403, 'card.demo', 'This is a DEMO account: card deposits are not available on it.');
    }
    return saveCard(db, userId, body, {
      now: new Date(),
      scenarioOf: ports.testCards.scenarioOf,
      sandbox: deps.gateway.sandbox,
      fingerprintSecret: config.cardFingerprintSecret,
      // the sandbox's public test numbers (docs/sandbox.md): every tester uses them, so their blocks hold per account
      sharedNumber: ports.testCards.isShared,
    });
  });

  app.post('/api/fraud/card', { schema: api(TAGS.card, 'Fraud check before a card payment', { body: FraudCheckRequest, response: FraudCheckResponse }) }, async (request): Promise<FraudCheckResponse> => {
    const userId = requireUser(request);
    const body = request.body;
    return fraudCheck(deps, userId, body);
  });

  for (const processor of CardProcessor.options) {
    app.post(CARD_START_URL[processor], { schema: api(TAGS.card, `Start a card payment with ${processor}`, { body: CardStartRequest }) }, async (request): Promise<ProcessorReplyWire> => {
      const userId = requireUser(request);
      const body = request.body;
      return startAttempt(deps, userId, processor, body);
    });
    // polled by the listen page: the session, the payment and its attempt in one select;
    // only a pending attempt asks the processor (and records the check)
    const listen = async (request: FastifyRequest<{ Body: CardListenRequest }>): Promise<CardListenResponse> => {
      const body = request.body;
      const sessionId = sessionIdOf(request);
      const found = sessionId === null ? undefined : await paymentWithAttemptInSession(db, sessionId, body.id, processor);
      await adoptSession(db, request, found?.session ?? null);
      const userId = requireUser(request);
      const payment = found?.payment;
      if (!payment) throw new Refusal(404, 'card.payment_not_found', 'There is no such payment.');
      return listenPolled(deps, userId, processor, payment, found?.attempt);
    };
    app.post(`/api/card/listen/${processorSlug(processor)}`, { schema: api(TAGS.card, `The state of a ${processor} payment attempt`, { body: CardListenRequest, response: CardListenResponse }), config: { session: 'joined' } }, listen);
    if (processor === 'CONCEPT') app.post('/api/payconcept/listen', { schema: api(TAGS.card, 'The state of a CONCEPT payment attempt', { body: CardListenRequest, response: CardListenResponse }), config: { session: 'joined' } }, listen);
  }
  // Skrill has a listen call in the spec but no start in the cascade: nothing is ever found
  app.post('/api/card/listen/skrill', { schema: api(TAGS.card, 'Skrill listen (no Skrill card processor: never found)', { body: CardListenRequest, response: CardListenResponse }) }, async (request): Promise<CardListenResponse> => {
    requireUser(request);
    return { found: false };
  });
  // UnionPay (spec 001 §7 /api/unionpay/listen): no UnionPay processor exists here, so no
  // payment is ever found under its transaction id (the listen page then says "in progress",
  // as for any payment it does not know); never a success
  app.post('/api/unionpay/listen', { schema: api(TAGS.card, 'UnionPay listen (no UnionPay processor: never found)', { body: UnionPayListenRequest, response: CardListenResponse }) }, async (request): Promise<CardListenResponse> => {
    requireUser(request);
    return { found: false };
  });

  // EZPAY's spec call was a GET full redirect that started the attempt: a cross-site link could
  // start a payment (SameSite=Lax cookies ride along on a top-level GET). The start is the POST
  // above (CSRF header); this GET only leads to an attempt that POST started, and writes nothing.
  const EzpayQuery = z.object({ id: z.string().check(z.maxLength(64)), lang: z.optional(z.string().check(z.maxLength(8))) });
  app.get('/api/card/fast/ezpay', { schema: api(TAGS.card, 'EZPAY hosted page entry', { produces: 'redirect' }) }, async (request, reply: FastifyReply) => {
    const userId = requireUser(request);
    const query = parse(EzpayQuery, request.query, 'query');
    const lang = settings.languages.includes(query.lang ?? '') ? query.lang! : settings.defaultLanguage;
    await paymentView(db, userId, query.id); // 404 for an unknown or foreign payment
    const found = await attemptOf(db, userId, query.id, 'EZPAY').catch((error: unknown) => {
      if (error instanceof Refusal && error.key === 'card.payment_not_found') {
        throw new Refusal(405, 'card.start_by_post', 'A card payment is started from the deposit page, never by opening a link.');
      }
      throw error;
    });
    const reply0 = renderReply({
      processor: 'EZPAY',
      uid: found.attempt.uid,
      paymentId: found.payment.id,
      status: found.attempt.status,
      code: found.attempt.code,
      message: found.attempt.message,
      amount: '',
    });
    if (reply0.proc === 'EZPAY' && reply0.status === 'REDIRECT' && reply0.redirect) return reply.redirect(`${reply0.redirect}?lang=${lang}`, 302);
    const add = reply0.proc === 'EZPAY' && reply0.status === 'APPROVED' ? 'payment_success' : reply0.proc === 'EZPAY' && reply0.status === 'PENDING' ? 'payment_process' : 'payment_error';
    return reply.redirect(`/${lang}/trading#/show/funding/${add}`, 302);
  });

  app.post('/api/entro/reject', { schema: api(TAGS.card, 'Entropay: the user declines', { body: EntroRejectRequest, response: Ok }) }, async (request): Promise<Ok> => {
    const userId = requireUser(request);
    const body = request.body;
    await rejectEntropay(deps, userId, body.id);
    return { ok: true };
  });

  app.post('/api/entro/cvv', { schema: api(TAGS.card, 'Entropay: send the CVV', { body: EntroCvvRequest }) }, async (request): Promise<ProcessorReplyWire> => {
    const userId = requireUser(request);
    const body = request.body;
    const { attempt } = await attemptOf(db, userId, body.id, 'ENTROPAY');
    const done = await completeAttempt(deps, userId, attempt.uid, { approve: true, cvv: body.cvv });
    return renderReply({
      processor: 'ENTROPAY',
      uid: done.attempt.uid,
      paymentId: done.payment.id,
      status: done.attempt.status,
      code: done.attempt.code,
      message: done.attempt.message,
      amount: '',
    });
  });

  app.post('/api/zoom', { schema: api(TAGS.card, 'Zoom: open a session', { body: ZoomSessionRequest, response: ZoomSessionResponse }) }, async (request): Promise<ZoomSessionResponse> => {
    const userId = requireUser(request);
    const body = request.body;
    return zoomSession(db, userId, body.id);
  });

  app.get<{ Params: { id: string } }>('/api/card/payments/:id', { schema: api(TAGS.card, 'One card payment and its attempts', { response: CardPaymentView }) }, async (request): Promise<CardPaymentView> => {
    const userId = requireUser(request);
    return paymentView(db, userId, request.params.id);
  });

};
