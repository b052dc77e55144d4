import { assign, fromPromise, setup } from 'xstate';
import { isWholeAmount, WRONG_AMOUNT, type ReferralTransferred } from '../../core/contract/referral';
import { failureMsg } from '../../core/failure';
import { msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type { ReferralTransferContext, ReferralTransferEvent, ReferralTransferInput } from './referral-transfer.types';

/**
 * The referral balance to the trading account (001 §5): an integer greater than 0, else
 * 'Wrong amount' without a call; sending with one idempotency key per submitted transfer (a
 * repeat of the call moves money once); done (the page gets the new balance through
 * `transferred`) or refused by the server (more than the balance, no trading account).
 */
export const referralTransferMachine = setup({
  types: {} as { context: ReferralTransferContext; events: ReferralTransferEvent; input: ReferralTransferInput },
  actors: {
    transfer: fromPromise<ReferralTransferred, { amount: string; key: string }>(notProvided('transfer')),
  },
  actions: {
    /** to the page when composed: the balance after the transfer */
    transferred: () => {},
  },
  guards: {
    whole: ({ context }) => isWholeAmount(context.amount),
  },
}).createMachine({
  id: 'referralTransfer',
  context: ({ input }) => ({ keySeed: input.keySeed, sent: 0, amount: '', error: null, done: null }),
  initial: 'editing',
  on: {
    'amount.change': { target: '.editing', actions: assign(({ event }) => ({ amount: event.value.slice(0, 40), error: null })) },
  },
  states: {
    editing: {
      on: {
        submit: [
          { guard: 'whole', target: 'sending', actions: assign(({ context }) => ({ sent: context.sent + 1 })) },
          { target: 'refused', meta: { spec: ['001 §5.10'] }, actions: assign({ error: msg('referral.wrong_amount', WRONG_AMOUNT) }) },
        ],
      },
    },
    /** 'Wrong amount', or the server's refusal */
    refused: {},
    sending: {
      invoke: {
        src: 'transfer',
        input: ({ context }) => ({ amount: context.amount.trim(), key: `${context.keySeed}-${context.sent}` }),
        onDone: { target: 'done', actions: [assign(({ event }) => ({ done: event.output, amount: '', error: null })), 'transferred'] },
        onError: { target: 'refused', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'referral.transfer_failed') })) },
      },
    },
    done: {},
  },
});
