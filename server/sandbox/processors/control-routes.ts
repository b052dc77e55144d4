import { processorSlug, SandboxCardCompleteRequest, SandboxCardNextRequest, SandboxCardCompleteResponse, SandboxCardNextResponse } from '../../../core/contract';
import { attemptOf, completeAttempt, scriptNext, type PaymentDeps } from '../../domain/payments';

import { requireUser } from '../../http/session';
import { Refusal } from '../../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../../http/route-schema';

/**
 * Sandbox control of the card processors (registered only in sandbox mode): script the outcome
 * of the signed-in user's next payment, or finish a redirect attempt as its page's buttons do.
 */
export const cardSandboxRoutes: RoutePlugin<{ deps: PaymentDeps }> = async (app, { deps }) => {
  app.post('/api/sandbox/card/next', { schema: api(TAGS.sandbox, 'Script the next card answer', { body: SandboxCardNextRequest, response: SandboxCardNextResponse }) }, async (request): Promise<SandboxCardNextResponse> => {
    const userId = requireUser(request);
    const body = request.body;
    await scriptNext(deps.db, userId, body.scenario);
    return { ok: true, scenario: body.scenario };
  });

  app.post('/api/sandbox/card/complete', { schema: api(TAGS.sandbox, 'Complete a card payment', { body: SandboxCardCompleteRequest, response: SandboxCardCompleteResponse }) }, async (request): Promise<SandboxCardCompleteResponse> => {
    const userId = requireUser(request);
    const body = request.body;
    try {
      const { attempt } = await attemptOf(deps.db, userId, body.id, body.processor);
      const done = await completeAttempt(deps, userId, attempt.uid, { approve: body.approve });
      const status = done.attempt.status;
      if (status !== 'approved' && status !== 'declined' && status !== 'pending') throw new Refusal(409, 'card.not_waiting', 'This attempt is not waiting for its page.');
      return {
        ok: true,
        status,
        returnUrl: `/${deps.settings.defaultLanguage}/trading#/listen/funding/${processorSlug(body.processor)}/${done.payment.id}/${done.attempt.uid}`,
      };
    } catch (error) {
      if (error instanceof Refusal) throw error.withoutFields();
      throw error;
    }
  });
};
