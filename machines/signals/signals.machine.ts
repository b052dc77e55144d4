import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import type { SignalItem, SignalsContext, SignalsEvent, SignalsFetchOutput, SignalsInput } from './signals.types';

/** spec 000 §9: the first fetch 5 s after the page opens, then every 300 000 ms */
export const FIRST_FETCH_MS = 5_000;
export const REFRESH_MS = 300_000;

/** New pop-ups of a fetch: still valid (their end, held by the server, is ahead), not seen today, not on screen. */
const fresh = (context: SignalsContext, output: SignalsFetchOutput): SignalItem[] =>
  output.signals
    .filter((s) => s.expiresAt > output.now && !context.seen.includes(s.id) && !context.signals.some((shown) => shown.id === s.id))
    .map((s) => ({ ...s, shownAt: output.now }));

/** the next moment something is due: the next fetch or the earliest pop-up deadline */
const nextDue = (context: SignalsContext): number => Math.min(context.nextFetchAt, ...context.signals.map((s) => s.expiresAt));
const ended = (context: SignalsContext): string[] => context.signals.filter((s) => s.expiresAt <= context.now).map((s) => s.id);

/**
 * Trading signals (spec 000 §4, §9): fetched first after 5 s, then every 300 s; each signal is
 * shown once per day (a pop-up that ended, by its countdown or closed by the trader, joins the
 * day's seen-set, kept in storage by the provided `markSeen`); each pop-up counts down to the
 * expiry the server holds (a reload does not restart it) and then closes. One timer at a time:
 * to whichever is due first, the next fetch or the earliest pop-up deadline.
 */
export const signalsMachine = setup({
  types: {} as { context: SignalsContext; events: SignalsEvent; input: SignalsInput },
  actors: {
    fetchSignals: fromPromise<SignalsFetchOutput>(notProvided('fetchSignals')),
  },
  actions: {
    /** app effect: adds ids to today's seen-set in storage */
    markSeen: (_, _params: { ids: string[] }) => {},
    addFetched: assign(({ context }, output: SignalsFetchOutput) => ({
      signals: [...context.signals, ...fresh(context, output)].sort((a, b) => a.expiresAt - b.expiresAt),
      now: Math.max(context.now, output.now),
      nextFetchAt: Math.max(context.now, output.now) + REFRESH_MS,
    })),
    close: assign(({ context }, params: { id: string; at: number }) => ({
      now: Math.max(context.now, params.at),
      seen: context.seen.includes(params.id) ? context.seen : [...context.seen, params.id],
      signals: context.signals.filter((s) => s.id !== params.id),
    })),
  },
  guards: {
    hasEnded: ({ context }) => ended(context).length > 0,
    isFetchDue: ({ context }) => context.nextFetchAt <= context.now,
  },
  delays: {
    firstFetch: FIRST_FETCH_MS,
    untilNextDue: ({ context }) => Math.max(0, nextDue(context) - context.now),
  },
}).createMachine({
  id: 'signals',
  context: ({ input }) => ({ signals: [], seen: input.seen ?? [], now: input.now, nextFetchAt: input.now + FIRST_FETCH_MS }),
  initial: 'starting',
  states: {
    starting: {
      after: { firstFetch: { target: 'fetching', meta: { spec: ['000 §9.10'] }, actions: assign(({ context }) => ({ now: context.nextFetchAt })) } },
    },
    fetching: {
      invoke: {
        src: 'fetchSignals',
        onDone: { target: 'due', actions: { type: 'addFetched', params: ({ event }) => event.output } },
        // a failed fetch waits for the next one
        onError: { target: 'due', actions: assign(({ context }) => ({ nextFetchAt: context.now + REFRESH_MS })) },
      },
      on: {
        'signal.close': { actions: [{ type: 'markSeen', params: ({ event }) => ({ ids: [event.id] }) }, { type: 'close', params: ({ event }) => event }] },
      },
    },
    /** pop-ups on screen (if any) count down; the one timer runs to whatever is due first */
    waiting: {
      after: { untilNextDue: { target: 'due', meta: { spec: ['000 §4.24', '000 §9.10', '000 §9.11'] }, actions: assign(({ context }) => ({ now: Math.max(context.now, nextDue(context)) })) } },
      on: {
        'signal.close': {
          target: 'waiting',
          reenter: true,
          actions: [{ type: 'markSeen', params: ({ event }) => ({ ids: [event.id] }) }, { type: 'close', params: ({ event }) => event }],
        },
      },
    },
    /** ended pop-ups close and join the seen-set; then fetch if due, else wait again */
    due: {
      always: [
        {
          guard: 'hasEnded',
          target: 'due',
          meta: { spec: ['000 §4.24', '000 §9.11'] },
          reenter: true,
          actions: [
            { type: 'markSeen', params: ({ context }) => ({ ids: ended(context) }) },
            assign(({ context }) => ({ seen: [...context.seen, ...ended(context)], signals: context.signals.filter((s) => s.expiresAt > context.now) })),
          ],
        },
        { guard: 'isFetchDue', target: 'fetching', meta: { spec: ['000 §9.10'] } },
        { target: 'waiting' },
      ],
    },
  },
});
