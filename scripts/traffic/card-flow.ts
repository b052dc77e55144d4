import * as z from 'zod/mini';
import { fromPromise } from 'xstate';
import { CARD_START_URL, cardListenUrl, CardListenResponse, FraudCheckResponse, ProcessorReplySchema, SavedCard } from '../../core/contract/card';
import type { ProcessorReply } from '../../core/cascade/processors';
import { cardFormMachine } from '../../machines/card-form/card-form.machine';
import { cascadeMachine } from '../../machines/cascade/cascade.machine';
import type { StoredCascade } from '../../machines/cascade/cascade.types';
import { entropayMachine } from '../../machines/cascade/entropay.machine';
import { listenMachine } from '../../machines/listen/listen.machine';
import { saveCardRequest, savedCardOf } from '../../src/flows/funding/save-card';
import type { TraderClient } from './client';
import type { TrafficClock } from './clock';

/**
 * What a browser tab holds for the card form (src/flows/funding/funding.flow.ts keeps the run in
 * sessionStorage, redirects with `location.assign`, shows alerts and toasts): here, plain fields
 * the deposit driver reads.
 */
export interface CardTab {
  /** the run the cascade persisted last (`funding.cascade`): what a processor's page returns to */
  run: StoredCascade | null;
  /** where the cascade's `redirectTo` sent the trader ('' until it does) */
  redirect: string;
  /** the message keys of the alerts and toasts the trader was shown */
  alerts: string[];
}

export const newTab = (): CardTab => ({ run: null, redirect: '', alerts: [] });

/**
 * The card form with the cascade it invokes, provided as src/flows/funding/funding.flow.ts provides
 * them, over the trader's session instead of the page's ky: the same calls to the same addresses
 * (src/api/card.ts: POST /api/card/save, /api/fraud/card, each processor's start, /api/card/listen/
 * {proc}, /api/entro/cvv and /api/entro/reject), answers parsed with the same contract and failures
 * thrown as the same CallFailure. The listen machine's `paymentEvents` (the server's pushed
 * payment.updated) is left as the machine declares it (no events): polling every 5 s is the
 * fallback the machine always has, and the sandbox approves a pending attempt on its 2nd check.
 */
export function cardFormFor(client: TraderClient, clock: TrafficClock, tab: CardTab) {
  const listenFlow = listenMachine.provide({
    actors: {
      checkStatus: fromPromise(async ({ input }) => {
        const answer = await client.call(CardListenResponse, 'POST', cardListenUrl(input.processor), {
          id: input.paymentId,
          transaction_id: input.uid,
          ...(input.processor === 'PFS' && { uid: input.uid }),
        });
        return answer.found ? { found: true as const, reply: answer.reply as ProcessorReply } : { found: false as const };
      }),
    },
  });

  const entropayFlow = entropayMachine.provide({
    actors: {
      sendCvv: fromPromise(async ({ input }) => (await client.call(ProcessorReplySchema, 'POST', '/api/entro/cvv', { id: input.paymentId, cvv: input.cvv })) as ProcessorReply),
      reject: fromPromise(async ({ input }) => client.call(z.unknown(), 'POST', '/api/entro/reject', { id: input.paymentId })),
    },
  });

  const cascadeFlow = cascadeMachine.provide({
    actors: {
      fraudCheck: fromPromise(async ({ input }) => {
        const p = input.payment;
        return client.call(FraudCheckResponse, 'POST', '/api/fraud/card', { key: p.key, amount: p.amount, fixed: p.fixed, bonus: p.bonus, card: p.card, currency: p.currency, ...(p.promo && { promo: p.promo }) });
      }),
      startProcessor: fromPromise(async ({ input }) => {
        const p = input.payment;
        const reply = await client.call(ProcessorReplySchema, 'POST', CARD_START_URL[input.processor], { id: p.id, amount: p.amount, fixed: p.fixed, bonus: p.bonus });
        return { reply: reply as ProcessorReply, at: clock.now() };
      }),
      listen: listenFlow,
      entropay: entropayFlow,
    },
    actions: {
      persist: (_, run) => {
        tab.run = run;
      },
      redirectTo: (_, { url }) => {
        tab.redirect = url;
      },
      toast: (_, { text }) => {
        if (text) tab.alerts.push(text.key);
      },
    },
  });

  return cardFormMachine.provide({
    actors: {
      saveCard: fromPromise(async ({ input }) => {
        return savedCardOf(await client.call(SavedCard, 'POST', '/api/card/save', saveCardRequest(input)));
      }),
      cascade: cascadeFlow,
    },
    actions: {
      alert: (_, { text }) => {
        tab.alerts.push(text.key);
      },
    },
  });
}
