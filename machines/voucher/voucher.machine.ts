import { assign, fromPromise, setup } from 'xstate';
import { isCallFailure } from '../../core/failure';
import { msg, type Msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type { Redeemed, VoucherContext, VoucherEvent, VoucherInput } from './voucher.types';

/** Vload amounts are floored at 250 (spec 001 §9): the tab says so; the server refuses a voucher worth less. */
export const VLOAD_FLOOR = '250';

/** the pin's digits (spaces and dashes allowed while typing) */
export const pinDigits = (pin: string): string => pin.replace(/[\s-]+/g, '');

/** spec 001 §8: 'Some errors try again later', or the server message */
function redeemFailure(error: unknown): Msg {
  if (isCallFailure(error) && error.kind === 'http' && error.status < 500 && error.message) return msg(error.error, error.message, error.params);
  return msg('vload.failed');
}

/**
 * The Vload tab (spec 001 §2, §6-§9): a voucher pin (16 digits), redeemed with
 * /api/card/fast/vload; a redeemed voucher goes to the voucher finish page (the funding page's
 * payment_success alert, as the invoice machine's voucher path does). A demo account is blocked.
 */
export const voucherMachine = setup({
  types: {} as { context: VoucherContext; events: VoucherEvent; input: VoucherInput },
  actors: {
    redeem: fromPromise<Redeemed, { pin: string }>(notProvided('redeem')),
  },
  actions: {
    /** app effect: the voucher finish page */
    goToVoucherFinish: () => {},
    /** app effect: the balance changed; the current user is read again */
    refreshUser: () => {},
    refuse: assign((_, params: { error: Msg; shakes: number }) => ({ error: params.error, shakes: params.shakes + 1 })),
  },
  guards: {
    isDemo: ({ context }) => context.demo,
    isMalformed: ({ context }) => !/^\d{16}$/.test(pinDigits(context.pin)),
  },
}).createMachine({
  id: 'voucher',
  context: ({ input }) => ({ demo: input.demo, pin: '', redeemed: null, error: null, shakes: 0 }),
  initial: 'boot',
  states: {
    boot: {
      always: [{ guard: 'isDemo', target: 'demoBlocked' }, { target: 'editing' }],
    },
    /** a DEMO account cannot load vouchers (spec 001 §6): the view shows the demo block */
    demoBlocked: { type: 'final' },
    editing: {
      on: {
        'pin.change': { actions: assign({ pin: ({ event }) => event.value.slice(0, 40), error: null }) },
        'voucher.submit': [
          { guard: 'isMalformed', actions: { type: 'refuse', params: ({ context }) => ({ error: msg('vload.pin'), shakes: context.shakes }) } },
          { target: 'redeeming', actions: assign({ error: null }) },
        ],
      },
    },
    redeeming: {
      invoke: {
        src: 'redeem',
        input: ({ context }) => ({ pin: pinDigits(context.pin) }),
        onDone: { target: 'redeemed', actions: assign({ redeemed: ({ event }) => event.output, pin: '' }) },
        onError: { target: 'editing', meta: { spec: ['001 §8.15'] }, actions: { type: 'refuse', params: ({ context, event }) => ({ error: redeemFailure(event.error), shakes: context.shakes }) } },
      },
    },
    /** credited once on the server: the voucher finish page */
    redeemed: {
      entry: ['refreshUser', 'goToVoucherFinish'],
      on: { 'voucher.again': { target: 'editing', actions: assign({ redeemed: null, error: null }) } },
    },
  },
});
