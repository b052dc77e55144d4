import { assign, fromPromise, setup } from 'xstate';
import type { ActivateResponse, PromotionList } from '../../core/contract/promotions';
import { failureMsg, isCallFailure } from '../../core/failure';
import { notProvided } from '../shared/not-provided';
import type { PromotionsContext, PromotionsEvent } from './promotions.types';

/**
 * The promotions page (spec 001 §2-4, §7): the list of promotions in their window
 * (`/api/us/promotions`); a promotion's terms shown before it can be activated, with a confirm;
 * activating (`promotions_activate`); activated → the list reloads (spec 001 §4); refused with
 * the server's message (outside the window, twice, not eligible), the list read again on dismiss;
 * failed (no answer) with retry, since the server stores an activation once.
 */
export const promotionsMachine = setup({
  types: {} as { context: PromotionsContext; events: PromotionsEvent },
  actors: {
    list: fromPromise<PromotionList>(notProvided('list')),
    activate: fromPromise<ActivateResponse, { id: string }>(notProvided('activate')),
  },
  actions: {
    take: assign(({ event }) => {
      const { promotions, currency } = (event as unknown as { output: PromotionList }).output;
      return { promotions, currency, error: null };
    }),
  },
  guards: {
    /** a promotion in the list this trader may still activate */
    activatable: ({ context, event }) => {
      const p = event.type === 'promotion.open' ? context.promotions.find((x) => x.id === event.id) : undefined;
      return !!p && p.activatedAt === null && p.eligible;
    },
    /** the server answered with a refusal (4xx): its message is shown; anything else may be retried */
    refused: ({ event }) => {
      const error = (event as unknown as { error: unknown }).error;
      return isCallFailure(error) && error.kind === 'http' && error.status >= 400 && error.status < 500;
    },
  },
}).createMachine({
  id: 'promotions',
  context: { promotions: [], currency: '', chosen: null, error: null, activated: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'list',
        onDone: { target: 'list', actions: 'take' },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'promotions.list_error') })) },
      },
    },
    failed: { on: { retry: 'loading' } },
    list: {
      on: { 'promotion.open': { guard: 'activatable', target: 'terms', actions: assign(({ event }) => ({ chosen: event.id, error: null, activated: null })) } },
    },
    terms: {
      on: { confirm: 'activating', cancel: { target: 'list', actions: assign({ chosen: null }) } },
    },
    activating: {
      invoke: {
        src: 'activate',
        input: ({ context }) => ({ id: context.chosen ?? '' }),
        onDone: { target: 'activated', actions: assign(({ event }) => ({ activated: event.output, error: null })) },
        onError: [
          { guard: 'refused', target: 'refused', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'promotions.activate_error') })) },
          { target: 'activateFailed', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'promotions.activate_error') })) },
        ],
      },
    },
    /** activated: the list is read again (spec 001 §4) */
    activated: {
      invoke: {
        src: 'list',
        onDone: { target: 'list', meta: { spec: ['001 §4.19'] }, actions: ['take', assign({ chosen: null })] },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'promotions.list_error') })) },
      },
    },
    refused: { on: { dismiss: { target: 'loading', actions: assign({ chosen: null, error: null }) } } },
    /** no answer: the activation may have been stored; a retry is safe (stored once, then refused as already activated) */
    activateFailed: { on: { retry: 'activating', cancel: { target: 'loading', actions: assign({ chosen: null, error: null }) } } },
  },
});
