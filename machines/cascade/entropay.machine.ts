import { assign, fromPromise, setup } from 'xstate';
import { failureMsg } from '../../core/failure';
import { msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type { EntropayContext, EntropayEvent, EntropayInput, EntropayOutput } from './entropay.types';
import type { ProcessorReply } from '../../core/cascade/processors';

/** Entropay CVV rule (spec 000 §5): at least 3 characters. */
export const CVV_MIN_LENGTH = 3;

/**
 * Entropay's dialogs (spec 000 §4, §5): return true opens the start dialog (Confirm goes to
 * Entropay's page, Reject tells the server and the cascade moves on); return pin opens the CVV
 * dialog ('Please fill cvv!' under 3 characters), whose answer the cascade classifies.
 */
export const entropayMachine = setup({
  types: {} as { context: EntropayContext; events: EntropayEvent; input: EntropayInput; output: EntropayOutput },
  actors: {
    sendCvv: fromPromise<ProcessorReply, { paymentId: string; cvv: string }>(notProvided('sendCvv')),
    reject: fromPromise<unknown, { paymentId: string }>(notProvided('reject')),
  },
  guards: {
    isCvvDialog: ({ context }) => context.dialog === 'cvv',
    isCvvLongEnough: ({ event }) => event.type === 'cvv.submit' && event.cvv.trim().length >= CVV_MIN_LENGTH,
  },
}).createMachine({
  id: 'entropay',
  context: ({ input }) => ({ ...input, error: null, shakes: 0, reply: null, result: null }),
  initial: 'boot',
  states: {
    boot: { always: [{ guard: 'isCvvDialog', target: 'cvv' }, { target: 'start' }] },
    start: {
      on: {
        'entropay.confirm': 'redirect',
        'entropay.reject': 'rejecting',
      },
    },
    cvv: {
      on: {
        'cvv.submit': [
          { guard: 'isCvvLongEnough', target: 'sending', meta: { spec: ['000 §5.8', '000 §9.13'] }, actions: assign({ error: null }) },
          { actions: assign(({ context }) => ({ error: msg('entropay.fill_cvv'), shakes: context.shakes + 1 })) },
        ],
        'cvv.change': { actions: assign({ error: null }) },
        'entropay.reject': 'rejecting',
      },
    },
    sending: {
      invoke: {
        src: 'sendCvv',
        // the CVV goes from the event to the call, never into the context
        input: ({ context, event }) => ({ paymentId: context.paymentId, cvv: event.type === 'cvv.submit' ? event.cvv.trim() : '' }),
        onDone: { target: 'answered', actions: assign(({ event }) => ({ reply: event.output })) },
        onError: { target: 'cvv', actions: assign(({ context, event }) => ({ error: failureMsg(event.error, 'cascade.response_error'), shakes: context.shakes + 1 })) },
      },
    },
    rejecting: {
      invoke: {
        src: 'reject',
        input: ({ context }) => ({ paymentId: context.paymentId }),
        // whether or not the server heard it, the trader said no: the cascade moves on
        onDone: 'rejected',
        onError: 'rejected',
      },
    },
    redirect: { type: 'final', entry: assign({ result: 'redirect' as const }) },
    rejected: { type: 'final', entry: assign({ result: 'rejected' as const }) },
    answered: { type: 'final', entry: assign({ result: 'answered' as const }) },
  },
  output: ({ context }) => ({
    result: context.result ?? 'rejected',
    url: `/api/entro/redirect?amount=${encodeURIComponent(context.amount)}&payment=${encodeURIComponent(context.paymentId)}`,
    reply: context.reply,
  }),
});
