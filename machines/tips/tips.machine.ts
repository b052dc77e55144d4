import { assign, fromPromise, setup } from 'xstate';
import { fromUnits, isDecimal, toUnits } from '../../core/decimal';
import { failureMsg, isCallFailure } from '../../core/failure';
import { msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type { TipSent, TipsContext, TipsEvent, TipsInput } from './tips.types';

/** spec 000 §5, §9: a tip over 40 needs confirmation (of the exact amount: spec README rule 5) */
export const TIP_CONFIRM_ABOVE_CENTS = 4000;
/** spec 000 §9: tips are sent after a 3 s delay; the server message stays 10 s (000 §8) */
export const TIP_SEND_DELAY_MS = 3_000;
export const TIP_MESSAGE_MS = 10_000;

/**
 * A tip as typed ("12", "12.5", "12,50") → the exact decimal string deducted ("12.50"), or ''
 * when it is not an amount above zero. core/decimal's integer units; never a float.
 */
export function normalizeTip(value: string): string {
  const typed = value.trim().replace(',', '.');
  if (!isDecimal(typed, { whole: 6, decimals: 2 })) return '';
  const cents = toUnits(typed, 2);
  return cents === 0n ? '' : fromUnits(cents, 2);
}

/**
 * Tips to the chat host (spec 000 §4, §5, §8, §9): a valid amount; over 40 the trader confirms
 * the exact amount deducted; the tip leaves after 3 s (the wait text shows, and it can be
 * stopped); the server's message shows for 10 s; a failure says why (or 'some error').
 */
export const tipsMachine = setup({
  types: {} as { context: TipsContext; events: TipsEvent; input: TipsInput },
  actors: {
    /** `confirm`: the exact amount the trader confirmed (a tip over 40); the server refuses such a tip without it */
    sendTip: fromPromise<TipSent, { value: string; host: string; confirm?: string }>(notProvided('sendTip')),
  },
  actions: {
    /** app effect: the balance changed; the current user is reloaded */
    balanceChanged: () => {},
  },
  guards: {
    isValid: ({ context }) => normalizeTip(context.value) !== '',
    needsConfirm: ({ context }) => toUnits(normalizeTip(context.value), 2) > BigInt(TIP_CONFIRM_ABOVE_CENTS),
    isRefusal: (_, error: unknown) => isCallFailure(error) && error.kind === 'http' && error.status < 500 && error.error.startsWith('tips.'),
  },
  delays: {
    tipSendDelay: TIP_SEND_DELAY_MS,
    tipMessageDuration: TIP_MESSAGE_MS,
  },
}).createMachine({
  id: 'tips',
  context: ({ input }) => ({ host: input.host, value: '', amount: '', confirmed: '', message: null, error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'tip.change': { actions: assign(({ event }) => ({ value: event.value, error: null })) },
        'tip.submit': [
          {
            guard: 'isValid',
            target: 'checking',
            actions: assign(({ context }) => ({ amount: normalizeTip(context.value), confirmed: '', error: null })),
          },
          { actions: assign({ error: msg('tips.amount') }) },
        ],
      },
    },
    checking: {
      always: [{ guard: 'needsConfirm', target: 'confirming', meta: { spec: ['000 §5.12', '000 §9.8'], deviation: 'spec README item 5' } }, { target: 'waiting' }],
    },
    /** "You will be charged exactly {amount}": yes or no */
    confirming: {
      on: {
        // the amount confirmed is sent with the tip: the server checks it
        'tip.confirm': { target: 'waiting', actions: assign(({ context }) => ({ confirmed: context.amount })) },
        'tip.cancel': 'editing',
      },
    },
    /** the 3 s before the tip leaves: the wait text, and a way to stop it */
    waiting: {
      after: { tipSendDelay: { target: 'sending', meta: { spec: ['000 §9.9'] } } },
      on: { 'tip.cancel': 'editing' },
    },
    sending: {
      invoke: {
        src: 'sendTip',
        input: ({ context }) => ({ value: context.amount, host: context.host, ...(context.confirmed && { confirm: context.confirmed }) }),
        onDone: {
          target: 'thanked',
          actions: [
            assign(({ event }) => ({
              value: '',
              message: msg('tips.sent', event.output.message, { amount: event.output.amount, currency: event.output.currency }),
            })),
            'balanceChanged',
          ],
        },
        onError: [
          {
            guard: { type: 'isRefusal', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'editing',
            meta: { spec: ['000 §8.10'] },
            actions: assign(({ context, event }) => {
              const error = failureMsg(event.error, 'tips.some_error');
              // the server wants the exact amount confirmed: the text names it
              return { error: error.key === 'tips.confirm' ? { ...error, params: { amount: context.amount } } : error };
            }),
          },
          { target: 'editing', meta: { spec: ['000 §8.10'] }, actions: assign({ error: msg('tips.some_error') }) },
        ],
      },
    },
    /** the server's message, for 10 s */
    thanked: {
      after: { tipMessageDuration: { target: 'editing', meta: { spec: ['000 §8.10'] }, actions: assign({ message: null }) } },
      on: {
        'tip.dismiss': { target: 'editing', actions: assign({ message: null }) },
        'tip.change': { target: 'editing', actions: assign(({ event }) => ({ value: event.value, message: null })) },
      },
    },
  },
});
