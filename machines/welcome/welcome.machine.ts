import { assign, setup } from 'xstate';
import { isTradingBlocked } from '../trading-block/trading-block.machine';
import type { WelcomeContext, WelcomeEvent, WelcomeInput } from './welcome.types';

/**
 * The welcome of the first visit (spec 001 §2 "trading page with param first": registration lands
 * on /{lang}/trading?first=1#/home). Shown once per trader over #/home: not without `first`, not
 * when this trader closed it before, and never over the trading block (the lock wins: the welcome
 * waits until the block lifts). Deposit is offered only before the first deposit. Closing it
 * (Start trading or Deposit) remembers it for the trader and takes `first` out of the address.
 */
export const welcomeMachine = setup({
  types: {} as { context: WelcomeContext; events: WelcomeEvent; input: WelcomeInput },
  actions: {
    /** app effect: remember the welcome as seen for this user and remove `first` from the address (the hash kept) */
    remember: (_, _params: { userId: string }) => {},
    /** app effect: open #/show/funding */
    goToFunding: () => {},
    takeFacts: assign(({ context, event }) => ({ facts: event.type === 'user.changed' ? event.facts : context.facts })),
  },
  guards: {
    notFirst: ({ context }) => !context.first,
    seenBefore: ({ context }) => context.seen,
    blocked: ({ context }) => isTradingBlocked(context.facts),
    /** Deposit is offered only while the trader has not deposited */
    canDeposit: ({ context }) => !context.facts.deposited,
  },
}).createMachine({
  id: 'welcome',
  context: ({ input }) => ({ userId: input.userId, first: input.first, seen: input.seen, facts: input.facts }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'notFirst', target: 'off' },
        // seen before: nothing shows, but `first` still leaves the address
        { guard: 'seenBefore', target: 'closed' },
        { guard: 'blocked', target: 'waiting' },
        { target: 'shown' },
      ],
    },
    /** no `first` in the address: not the first visit */
    off: { type: 'final' },
    /** the trading block holds: the lock is what the trader sees until it lifts */
    waiting: {
      on: { 'user.changed': { target: 'checking', actions: 'takeFacts' } },
    },
    shown: {
      on: {
        'user.changed': { target: 'checking', actions: 'takeFacts' },
        'welcome.close': 'closed',
        'welcome.deposit': { guard: 'canDeposit', target: 'funding' },
      },
    },
    closed: {
      type: 'final',
      entry: { type: 'remember', params: ({ context }) => ({ userId: context.userId }) },
    },
    /** closed by Deposit: remembered (and `first` gone) before the funding page opens */
    funding: {
      type: 'final',
      entry: [{ type: 'remember', params: ({ context }) => ({ userId: context.userId }) }, 'goToFunding'],
    },
  },
});
