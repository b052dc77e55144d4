import { assign, fromPromise, sendParent, sendTo, setup } from 'xstate';
import type { ReferralProgram } from '../../core/contract/referral';
import { failureMsg } from '../../core/failure';
import { notProvided } from '../shared/not-provided';
import { referralLinkMachine } from '../referral-link/referral-link.machine';
import { referralStatsMachine } from '../referral-stats/referral-stats.machine';
import { referralTransferMachine } from '../referral-transfer/referral-transfer.machine';
import type { ReferralPageContext, ReferralPageEvent, ReferralPageInput } from './referral-page.types';

/** the link form as the page's child: a saved link updates the page's program */
export const referralLinkChild = referralLinkMachine.provide({
  actions: { saved: sendParent(({ context }) => ({ type: 'program.updated', program: context.program })) },
});
/** the transfer as the page's child: the balance after it updates the page */
export const referralTransferChild = referralTransferMachine.provide({
  actions: { transferred: sendParent(({ context }) => ({ type: 'balance.updated', balance: context.done!.balance })) },
});

/** the children's ids (the view reads snapshot.children[...]) */
export const REFERRAL_CHILD = { link: 'link', transfer: 'transfer', stats: 'stats' } as const;

/**
 * The referral page, #/show/referral (001 §3, §5-7): loads the program (action show);
 * shown with three children for as long as it is shown: the link form, the transfer and the
 * statistics filter. A saved link replaces the program (and refreshes the statistics); a transfer
 * replaces the balance. A failed load offers a retry.
 */
export const referralPageMachine = setup({
  types: {} as { context: ReferralPageContext; events: ReferralPageEvent; input: ReferralPageInput },
  actors: {
    show: fromPromise<ReferralProgram>(notProvided('show')),
    link: referralLinkChild,
    transfer: referralTransferChild,
    stats: referralStatsMachine,
  },
}).createMachine({
  id: 'referralPage',
  context: ({ input }) => ({ ...input, program: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'show',
        onDone: { target: 'shown', actions: assign(({ event }) => ({ program: event.output, error: null })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'referral.load_failed') })) },
      },
    },
    failed: { on: { retry: 'loading' } },
    shown: {
      invoke: [
        { id: REFERRAL_CHILD.link, src: 'link' },
        { id: REFERRAL_CHILD.transfer, src: 'transfer', input: ({ context }) => ({ keySeed: context.keySeed }) },
        { id: REFERRAL_CHILD.stats, src: 'stats', input: ({ context }) => ({ from: context.from, to: context.to }) },
      ],
      on: {
        'program.updated': { actions: [assign(({ event }) => ({ program: event.program })), sendTo(REFERRAL_CHILD.stats, { type: 'refresh' })] },
        'balance.updated': {
          actions: assign(({ context, event }) => ({
            program: context.program && {
              ...context.program,
              balance: event.balance,
              balances: context.program.balances.some((b) => b.currency === event.balance.currency)
                ? context.program.balances.map((b) => (b.currency === event.balance.currency ? event.balance : b))
                : [...context.program.balances, event.balance],
            },
          })),
        },
      },
    },
  },
});
