import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  CARD_START_URL,
  CardListenRequest,
  CardProcessor,
  CardSaveRequest,
  CardStartRequest,
  EntroCvvRequest,
  EntroRejectRequest,
  FraudCheckRequest,
  processorSlug,
  UnionPayListenRequest,
  ZoomSessionRequest,
  type CardListenResponse,
  type CardPaymentView,
  type FraudCheckResponse,
  type FundingOptionsResponse,
  type Ok,
  type ProcessorReplyWire,
  type SavedCard,
  type ZoomSessionResponse,
} from '../../core/contract';
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
  listenLoaded,
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
import { Refusal } from '../domain/refusal';


/**
 * Card funding (spec 000 §7): card save, fraud check, every processor's start and
 * listen, Entropay and Zoom extras, the funding options (promo codes: promo.ts); the processors' hosted
 * pages and, in sandbox mode, the sandbox control: server/sandbox/processors, registered by server/compose.ts.
 */
export const cardRoutes: FastifyPluginAsync<RouteDeps> = async (app, options) => {
  const { db, config, settings, ports } = options;
  const deps: PaymentDeps = paymentDeps(options);

  app.get('/api/card/options', async (request): Promise<FundingOptionsResponse> => {
    const userId = requireUser(request);
    const user = await fundingProfileOf(db, userId);
    const currency = user.currency;
    const geo = /^[A-Z]{2}$/.test(user.country) ? user.country : 'FR';
    // the activated promotion (the same as /api/us/promotions_max and the bonus the server credits)
    const promotion = await promotionTerms(db, userId, currency, new Date(), settings.maxBonusPercent);
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
      geo,
      cardsToday: await cardsToday(db, userId, new Date()),
      dailyLimit: dailyCardLimitOf(deps),
      sandbox: deps.gateway.sandbox,
    };
  });

  app.post('/api/card/save', async (request): Promise<SavedCard> => {
    const userId = requireUser(request);
    const body = parse(CardSaveRequest, request.body);
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

  app.post('/api/fraud/card', async (request): Promise<FraudCheckResponse> => {
    const userId = requireUser(request);
    const body = parse(FraudCheckRequest, request.body);
    return fraudCheck(deps, userId, body);
  });

  for (const processor of CardProcessor.options) {
    app.post(CARD_START_URL[processor], async (request): Promise<ProcessorReplyWire> => {
      const userId = requireUser(request);
      const body = parse(CardStartRequest, request.body);
      return startAttempt(deps, userId, processor, body);
    });
    // polled by the listen page: the session, the payment and its attempt in one select;
    // only a pending attempt asks the processor (and records the check)
    const listen = async (request: FastifyRequest): Promise<CardListenResponse> => {
      const body = parse(CardListenRequest, request.body);
      const sessionId = sessionIdOf(request);
      const found = sessionId === null ? undefined : await paymentWithAttemptInSession(db, sessionId, body.id, processor);
      await adoptSession(db, request, found?.session ?? null);
      requireUser(request);
      const payment = found?.payment;
      if (!payment) throw new Refusal(404, 'card.payment_not_found', 'There is no such payment.');
      return listenLoaded(deps, processor, payment, found?.attempt);
    };
    app.post(`/api/card/listen/${processorSlug(processor)}`, { config: { session: 'joined' } }, listen);
    if (processor === 'CONCEPT') app.post('/api/payconcept/listen', { config: { session: 'joined' } }, listen);
  }
  // Skrill has a listen call in the spec but no start in the cascade: nothing is ever found
  app.post('/api/card/listen/skrill', async (request): Promise<CardListenResponse> => {
    requireUser(request);
    parse(CardListenRequest, request.body);
    return { found: false };
  });
  // UnionPay (spec 001 §7 /api/unionpay/listen): no UnionPay processor exists here, so no
  // payment is ever found under its transaction id (the listen page then says "in progress",
  // as for any payment it does not know); never a success
  app.post('/api/unionpay/listen', async (request): Promise<CardListenResponse> => {
    requireUser(request);
    parse(UnionPayListenRequest, request.body);
    return { found: false };
  });

  // EZPAY's spec call was a GET full redirect that started the attempt: a cross-site link could
  // start a payment (SameSite=Lax cookies ride along on a top-level GET). The start is the POST
  // above (CSRF header); this GET only leads to an attempt that POST started, and writes nothing.
  const EzpayQuery = z.object({ id: z.string().check(z.maxLength(64)), lang: z.optional(z.string().check(z.maxLength(8))) });
  app.get('/api/card/fast/ezpay', async (request, reply: FastifyReply) => {
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

  app.post('/api/entro/reject', async (request): Promise<Ok> => {
    const userId = requireUser(request);
    const body = parse(EntroRejectRequest, request.body);
    await rejectEntropay(deps, userId, body.id);
    return { ok: true };
  });

  app.post('/api/entro/cvv', async (request): Promise<ProcessorReplyWire> => {
    const userId = requireUser(request);
    const body = parse(EntroCvvRequest, request.body);
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

  app.post('/api/zoom', async (request): Promise<ZoomSessionResponse> => {
    const userId = requireUser(request);
    const body = parse(ZoomSessionRequest, request.body);
    return zoomSession(db, userId, body.id);
  });

  app.get<{ Params: { id: string } }>('/api/card/payments/:id', async (request): Promise<CardPaymentView> => {
    const userId = requireUser(request);
    return paymentView(db, userId, request.params.id);
  });

};
