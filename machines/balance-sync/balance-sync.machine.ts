import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import type { BalanceSyncContext, BalanceSyncEvent, PlatformBalance, PostBalanceOutput } from './balance-sync.types';

const same = (a: PlatformBalance | null, b: PlatformBalance | null): boolean =>
  a !== null && b !== null && a.balance === b.balance && a.all === b.all;

/**
 * Balance sync (spec 002 §9): the embedded platform reports its balance; it goes to our server
 * (POST /api/chat/balance) at most once per `syncInterval` and only when it changed since the
 * last accepted sync. The user update is broadcast on the first update and then every 5th.
 */
export const balanceSyncMachine = setup({
  types: {} as { context: BalanceSyncContext; events: BalanceSyncEvent },
  actors: {
    postBalance: fromPromise<PostBalanceOutput, PlatformBalance>(notProvided('postBalance')),
  },
  actions: {
    /** app effect: sessionActor.send({ type: 'user.update' }) */
    broadcastUserUpdate: () => {},
  },
  guards: {
    hasChanged: ({ context }) => context.seen !== null && !same(context.seen, context.sent),
    /** the update just counted is the 1st or a multiple of 5 */
    isBroadcastUpdate: ({ context }) => context.updates + 1 === 1 || (context.updates + 1) % 5 === 0,
  },
  delays: {
    /** at most one sync per minute */
    syncInterval: 60_000,
  },
}).createMachine({
  id: 'balanceSync',
  context: { seen: null, sending: null, sent: null, updates: 0 },
  initial: 'idle',
  on: {
    'balance.seen': { actions: assign(({ event }) => ({ seen: { balance: event.balance, all: event.all } })) },
  },
  states: {
    idle: {
      on: {
        'balance.seen': {
          target: 'deciding',
          actions: assign(({ event }) => ({ seen: { balance: event.balance, all: event.all } })),
        },
      },
    },
    deciding: {
      always: [
        { guard: 'hasChanged', target: 'sending', meta: { spec: ['002 §9.7'] }, actions: assign(({ context }) => ({ sending: context.seen })) },
        { target: 'idle' },
      ],
    },
    sending: {
      invoke: {
        src: 'postBalance',
        input: ({ context }) => context.sending as PlatformBalance,
        onDone: [
          {
            guard: 'isBroadcastUpdate',
            target: 'cooling',
            meta: { spec: ['002 §9.7'] },
            actions: [assign(({ context }) => ({ sent: context.sending, sending: null, updates: context.updates + 1 })), 'broadcastUserUpdate'],
          },
          { target: 'cooling', actions: assign(({ context }) => ({ sent: context.sending, sending: null, updates: context.updates + 1 })) },
        ],
        // not accepted: the balance stays unsent and is tried again after the interval
        onError: { target: 'cooling', actions: assign({ sending: null }) },
      },
    },
    /** the minute after a sync: balances seen now wait for its end */
    cooling: {
      after: { syncInterval: { target: 'deciding', meta: { spec: ['002 §9.7'] } } },
    },
  },
});
