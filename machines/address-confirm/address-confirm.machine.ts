import { assign, fromPromise, setup } from 'xstate';
import { failureMsg } from '../../core/failure';
import { notProvided } from '../shared/not-provided';
import type { AddressConfirmContext, AddressConfirmEvent, ConfirmedDestination } from './address-confirm.types';

/**
 * The address book's emailed link (/{lang}/confirm-address?token=…, issue 31 §6): opening it
 * changes nothing; the trader presses Confirm; the answer names the destination and from when it
 * can be used (its hold); a refused link (used, expired) or a lost answer says why, and the trader
 * may press again.
 */
export const addressConfirmMachine = setup({
  types: {} as { context: AddressConfirmContext; events: AddressConfirmEvent; input: { token: string } },
  actors: {
    confirmAddress: fromPromise<ConfirmedDestination, { token: string }>(notProvided('confirmAddress')),
  },
  actions: {
    failure: assign((_, params: { error: unknown }) => ({ error: failureMsg(params.error, 'confirm_address.failed') })),
    take: assign((_, params: { confirmed: ConfirmedDestination }) => ({ confirmed: params.confirmed, error: null })),
  },
}).createMachine({
  id: 'addressConfirm',
  context: ({ input }) => ({ token: input.token, error: null, confirmed: null }),
  initial: 'asking',
  states: {
    asking: { on: { confirm: 'sending' } },
    sending: {
      invoke: {
        src: 'confirmAddress',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'confirmed', actions: { type: 'take', params: ({ event }) => ({ confirmed: event.output }) } },
        onError: { target: 'asking', actions: { type: 'failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirmed: { type: 'final' },
  },
});
