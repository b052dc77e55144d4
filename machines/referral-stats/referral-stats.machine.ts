import { assign, fromPromise, setup } from 'xstate';
import type { ReferralStats } from '../../core/contract/referral';
import { failureMsg } from '../../core/failure';
import { msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type { ReferralStatsContext, ReferralStatsEvent, ReferralStatsInput } from './referral-stats.types';

/**
 * The statistics filter (001 §7 action filter): dates and a link; loads at once, then
 * on apply; a range that ends before it starts is refused without a call; a failure offers a retry.
 */
export const referralStatsMachine = setup({
  types: {} as { context: ReferralStatsContext; events: ReferralStatsEvent; input: ReferralStatsInput },
  actors: {
    filter: fromPromise<ReferralStats, { from: number; to: number; link: string }>(notProvided('filter')),
  },
  guards: {
    ordered: ({ context }) => context.from <= context.to,
  },
}).createMachine({
  id: 'referralStats',
  context: ({ input }) => ({ from: input.from, to: input.to, link: '', stats: null, error: null }),
  initial: 'loading',
  on: {
    'range.change': { target: '.editing', actions: assign(({ event }) => ({ from: event.from, to: event.to, error: null })) },
    'link.change': { target: '.editing', actions: assign(({ event }) => ({ link: event.link, error: null })) },
  },
  states: {
    loading: {
      invoke: {
        src: 'filter',
        input: ({ context }) => ({ from: context.from, to: context.to, link: context.link }),
        onDone: { target: 'shown', actions: assign(({ event }) => ({ stats: event.output, error: null })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'referral.stats_failed') })) },
      },
    },
    shown: { on: { refresh: 'loading' } },
    /** the filter changed and is not applied yet */
    editing: {
      on: {
        apply: [{ guard: 'ordered', target: 'loading' }, { target: 'editing', actions: assign({ error: msg('referral.range_order') }) }],
      },
    },
    failed: { on: { apply: 'loading' } },
  },
});
