import { assign, fromCallback, not, sendTo, setup } from 'xstate';
import { applyMessage, dropEnded, loadSession, momentOf, parseSessionFile } from './live.logic';
import type { ChannelCommand, LiveContext, LiveEvent } from './live.types';

/**
 * Live mode: the explorer follows the app's actors in other tabs. The channel actor (provided by
 * src/explorer) listens on the inspection BroadcastChannel, says hello so running pages answer
 * with their actors, and forwards every message; this machine keeps each actor's current state
 * and the timeline of every snapshot (issue 34 §2), which a moment of can be looked at, saved as
 * a file and opened again.
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
    isMoment: ({ context, event }) => event.type === 'live.moment' && momentOf(context, event.seq) !== undefined,
    isSession: ({ event }) => event.type === 'live.load' && parseSessionFile(event.session) !== null,
  },
  actions: {
    apply: assign(({ context, event }) => (event.type === 'live.message' ? applyMessage(context, event.message) : {})),
    select: assign(({ event }) => (event.type === 'live.select' ? { selected: event.key, moment: null } : {})),
    /** the moment's actor is the one shown, as it was then */
    look: assign(({ context, event }) => {
      const moment = event.type === 'live.moment' ? momentOf(context, event.seq) : undefined;
      return moment ? { moment: moment.seq, selected: moment.key in context.actors ? moment.key : context.selected } : {};
    }),
    present: assign({ moment: null }),
    load: assign(({ context, event }) => {
      const file = event.type === 'live.load' ? parseSessionFile(event.session) : null;
      return file ? loadSession(file) : context;
    }),
    clearEnded: assign(({ context }) => dropEnded(context)),
    hello: sendTo('channel', { type: 'channel.hello' }),
  },
}).createMachine({
  id: 'explorerLive',
  context: { actors: {}, order: [], selected: null, timeline: [], moment: null },
  initial: 'off',
  on: {
    // the timeline can be read paused or live; a saved session opens paused, in place of the present one
    'live.moment': { guard: 'isMoment', actions: 'look' },
    'live.present': { actions: 'present' },
    'live.load': { guard: 'isSession', target: '.off', actions: 'load' },
  },
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
