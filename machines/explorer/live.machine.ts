import { assign, fromCallback, not, sendTo, setup } from 'xstate';
import { applyMessage, dropEnded } from './live.logic';
import type { ChannelCommand, LiveContext, LiveEvent } from './live.types';

/**
 * Live mode: the explorer follows the app's actors in other tabs. The channel actor (provided by
 * src/explorer) listens on the inspection BroadcastChannel, says hello so running pages answer
 * with their actors, and forwards every message; this machine keeps each actor's current state.
 */
export const liveMachine = setup({
  types: {} as { context: LiveContext; events: LiveEvent },
  actors: {
    inspectChannel: fromCallback<ChannelCommand>(() => {
      throw new Error('inspectChannel not provided');
    }),
  },
  guards: {
    hasActors: ({ context }) => context.order.length > 0,
    isKnownActor: ({ context, event }) => event.type === 'live.select' && event.key in context.actors,
  },
  actions: {
    apply: assign(({ context, event }) => (event.type === 'live.message' ? applyMessage(context, event.message) : {})),
    select: assign(({ event }) => (event.type === 'live.select' ? { selected: event.key } : {})),
    clearEnded: assign(({ context }) => dropEnded(context)),
    hello: sendTo('channel', { type: 'channel.hello' }),
  },
}).createMachine({
  id: 'explorerLive',
  context: { actors: {}, order: [], selected: null },
  initial: 'off',
  states: {
    off: {
      on: { 'live.start': 'listening' },
    },
    listening: {
      invoke: { id: 'channel', src: 'inspectChannel', onError: 'unsupported' },
      on: {
        'live.message': { actions: 'apply' },
        'live.refresh': { actions: 'hello' },
        'live.clear': { actions: 'clearEnded' },
        'live.stop': 'off',
      },
      initial: 'waiting',
      states: {
        /** no app page has said anything yet */
        waiting: {
          always: { guard: 'hasActors', target: 'following' },
        },
        following: {
          always: { guard: not('hasActors'), target: 'waiting' },
          on: { 'live.select': { guard: 'isKnownActor', actions: 'select' } },
        },
      },
    },
    /** this browser has no BroadcastChannel */
    unsupported: {
      on: { 'live.start': 'listening' },
    },
  },
});
