import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { isFinalReply } from '../../core/cascade/classify';
import { notProvided } from '../shared/not-provided';
import type { CheckOutput, ListenContext, ListenEvent, ListenInput, ListenOutput } from './listen.types';

/** Listen polling interval (spec 000 §9: every 5000 ms). */
export const LISTEN_INTERVAL_MS = 5_000;

/**
 * Listening for one processor's result (spec 000 §4): a check every 5 s until the answer is
 * final or stop is set; a pushed payment.updated checks at once (the trader sees the result
 * within a second), polling stays the fallback. Gives up at the deadline it was given, which a
 * reload does not move.
 */
export const listenMachine = setup({
  types: {} as { context: ListenContext; events: ListenEvent; input: ListenInput; output: ListenOutput },
  actors: {
    checkStatus: fromPromise<CheckOutput, ListenInput>(notProvided('checkStatus')),
    /** the server's payment.updated events for this payment, sent back as listen.push */
    paymentEvents: fromCallback<ListenEvent, { paymentId: string }>(() => () => {}),
  },
  guards: {
    isImmediate: ({ context }) => context.immediate,
    isMissing: (_, output: CheckOutput) => !output.found,
    isFinal: ({ context }, output: CheckOutput) => output.found && isFinalReply(output.reply, { fixed: context.fixed }),
    shouldRecheck: ({ context }) => context.recheck,
  },
  delays: {
    listenInterval: LISTEN_INTERVAL_MS,
    untilDeadline: ({ context }) => Math.max(0, context.deadline - context.now),
  },
}).createMachine({
  id: 'listen',
  context: ({ input }) => ({ ...input, reply: null, recheck: false, status: null }),
  invoke: { src: 'paymentEvents', input: ({ context }) => ({ paymentId: context.paymentId }) },
  initial: 'active',
  states: {
    /** the deadline runs on this state, which polls and checks never re-enter */
    active: {
      initial: 'boot',
      on: { 'listen.stop': { target: 'stopped', meta: { spec: ['000 §4.6'] } } },
      after: { untilDeadline: { target: 'timedOut', meta: { spec: ['000 §4.6'], deviation: 'addition: listen deadline' } } },
      states: {
        boot: {
          always: [{ guard: 'isImmediate', target: 'checking' }, { target: 'waiting' }],
        },
        waiting: {
          after: { listenInterval: { target: 'checking', meta: { spec: ['000 §4.6', '000 §9.1'] } } },
          on: { 'listen.push': 'checking' },
        },
        checking: {
          on: { 'listen.push': { actions: assign({ recheck: true }) } },
          invoke: {
            src: 'checkStatus',
            input: ({ context }) => context,
            onDone: [
              { guard: { type: 'isMissing', params: ({ event }) => event.output }, target: '#listen.missing' },
              {
                guard: { type: 'isFinal', params: ({ event }) => event.output },
                target: '#listen.answered',
                meta: { spec: ['000 §4.6'] },
                actions: assign(({ event }) => ({ reply: event.output.found ? event.output.reply : null })),
              },
              { guard: 'shouldRecheck', target: 'checking', reenter: true, actions: assign({ recheck: false }) },
              { target: 'waiting' },
            ],
            // a failed check (network, server) is not an answer: keep listening
            onError: { target: 'waiting', actions: assign({ recheck: false }) },
          },
        },
      },
    },
    answered: { type: 'final', entry: assign({ status: 'answered' as const }) },
    missing: { type: 'final', entry: assign({ status: 'missing' as const }) },
    timedOut: { type: 'final', entry: assign({ status: 'timeout' as const }) },
    stopped: { type: 'final', entry: assign({ status: 'stopped' as const }) },
  },
  output: ({ context }) => ({ status: context.status ?? 'stopped', reply: context.reply }),
});
