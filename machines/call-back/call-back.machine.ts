import { assign, fromPromise, setup } from 'xstate';
import { SUPPORT_LIMITS } from '../../core/contract/support';
import { isCallFailure } from '../../core/failure';
import { msg, type Msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type { CallBackContext, CallBackEvent, CallBackInput, CallBackRequest } from './call-back.types';

/** the phone as sent: spaces around it dropped */
export const callPhone = (phone: string): string => phone.trim();

/** spec 000 §5: the call-back phone is required and at least 7 characters */
export const isCallPhone = (phone: string): boolean => callPhone(phone).length >= SUPPORT_LIMITS.phoneMin;

/**
 * spec 000 §8: calls.server_error, or the server's key (calls.error_phone, …) with its message; a
 * rate limit (429) is its own message.
 */
export function callFailure(error: unknown): Msg {
  if (isCallFailure(error) && error.kind === 'http') {
    if (error.status === 429) return msg('calls.rate_limited', error.message || undefined);
    if (isRefusal(error)) return msg(error.error, error.message || undefined);
  }
  return msg('calls.server_error');
}

/** a 4xx answer about what was sent (not the rate limit): sending the same again would get the same */
export const isRefusal = (error: unknown): boolean =>
  isCallFailure(error) && error.kind === 'http' && error.status >= 400 && error.status < 500 && error.status !== 429 && error.error !== 'server_error';

/**
 * The call-back dropdown of the trading header (spec 000 §2, §5, §7-8): the dropdown opens and
 * closes (panel) while the request keeps its own course (request): the phone (at least 7
 * characters, else calls.error_phone before anything is sent) and a preferred time, sent once
 * (a second submit while sending is not heard; a retry after a lost answer reuses the key),
 * calls.server_success, or calls.server_error / the server's key with the phone kept and a retry.
 */
export const callBackMachine = setup({
  types: {} as { context: CallBackContext; events: CallBackEvent; input: CallBackInput },
  actors: {
    requestCall: fromPromise<{ ticket: string }, CallBackRequest>(notProvided('requestCall')),
  },
  actions: {
    refuse: assign(({ context }, params: { error: Msg }) => ({ error: params.error, shakes: context.shakes + 1 })),
    /** what is asked changed after a failure: the next request is a new one (a new key) */
    newKey: assign(({ context }) => ({ keyNo: context.keyNo + 1 })),
  },
  guards: {
    isShortPhone: ({ context }) => !isCallPhone(context.phone),
    isRefusal: (_, params: { error: unknown }) => isRefusal(params.error),
  },
}).createMachine({
  id: 'callBack',
  context: ({ input }) => ({ keySeed: input.keySeed, phone: '', time: 'any', keyNo: 0, error: null, ticket: null, shakes: 0 }),
  type: 'parallel',
  states: {
    panel: {
      initial: 'closed',
      states: {
        closed: { on: { 'call.open': 'open', 'call.toggle': 'open' } },
        /** Escape, an outside click or the button again close it; a request under way goes on */
        open: { on: { 'call.close': 'closed', 'call.toggle': 'closed' } },
      },
    },
    request: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'phone.change': { actions: assign({ phone: ({ event }) => event.value.slice(0, SUPPORT_LIMITS.phone), error: null }) },
            'time.change': { actions: assign({ time: ({ event }) => event.value }) },
            'call.submit': [
              { guard: 'isShortPhone', meta: { spec: ['000 §5.6', '000 §9.13'] }, actions: { type: 'refuse', params: { error: msg('calls.error_phone') } } },
              { target: 'sending', actions: assign({ error: null }) },
            ],
          },
        },
        /** one request; a second submit is not heard here */
        sending: {
          invoke: {
            src: 'requestCall',
            input: ({ context }) => ({ phone: callPhone(context.phone), time: context.time, key: `${context.keySeed}-${context.keyNo}` }),
            onDone: { target: 'sent', meta: { spec: ['000 §8.11'] }, actions: assign({ ticket: ({ event }) => event.output.ticket, keyNo: ({ context }) => context.keyNo + 1 }) },
            onError: [
              /** the server refused what was typed (its key, e.g. calls.error_phone): corrected in the form */
              { guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) }, target: 'editing', actions: ['newKey', { type: 'refuse', params: ({ event }) => ({ error: callFailure(event.error) }) }] },
              /** not reached, a server error or the rate limit: the same request can be retried */
              { target: 'failed', meta: { spec: ['000 §8.11'] }, actions: { type: 'refuse', params: ({ event }) => ({ error: callFailure(event.error) }) } },
            ],
          },
        },
        /** calls.server_success */
        sent: {
          on: { 'call.again': { target: 'editing', actions: assign({ ticket: null }) } },
        },
        /** the phone and time are kept; the same key is sent again, so a request that did arrive is not doubled */
        failed: {
          on: {
            'call.retry': { target: 'sending', actions: assign({ error: null }) },
            'call.submit': { target: 'sending', actions: assign({ error: null }) },
            'phone.change': { target: 'editing', actions: ['newKey', assign({ phone: ({ event }) => event.value.slice(0, SUPPORT_LIMITS.phone), error: null })] },
            'time.change': { target: 'editing', actions: ['newKey', assign({ time: ({ event }) => event.value, error: null })] },
          },
        },
      },
    },
  },
});
