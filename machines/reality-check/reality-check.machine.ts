import { assign, fromPromise, setup } from 'xstate';
import { failureMsg } from '../../core/failure';
import { nextRealityCheck } from '../../core/reality-check';
import { notProvided } from '../shared/not-provided';
import type { RealityCheck, RealityCheckContext, RealityCheckEvent, RealityCheckRead } from './reality-check.types';

/** a read that failed is tried again after a minute (the checks wait meanwhile) */
export const READ_RETRY_MS = 60_000;

/** the session's start as the machine counts from it; an unreadable time counts from `now` */
export const startOf = (check: RealityCheck, now: number): number => {
  const at = Date.parse(check.session_started_at);
  return Number.isFinite(at) ? at : now;
};

/** the interval and the session's start from an answer, the next due time from the session's start after `now` */
const scheduled = (check: RealityCheck, now: number) => {
  const sessionStart = startOf(check, now);
  return { minutes: check.minutes, sessionStart, now, dueAt: nextRealityCheck(sessionStart, check.minutes, now) };
};

/**
 * The reality check (issue 30 §2; rules in core/reality-check.ts): every N minutes from the
 * session's start (nothing when N is 0) the trader is shown how long this session has lasted and
 * the net result of the trades settled in it. The due time is a deadline (a named delay to
 * `dueAt`, never a tick counter); the page's clock comes in the events and the reads. When due it
 * asks the attention arbiter (mandatory: nothing covers it, and it waits while a money flow
 * runs); granted, it reads the figures fresh (a failed read still shows the time in the session
 * and Continue). Continue and My limits schedule the next check N minutes after this one's due
 * time (or the first after now, when the dialog waited longer than that); Take a break signs out.
 * A changed interval takes effect at once, counted from the session's start.
 */
export const realityCheckMachine = setup({
  types: {} as { context: RealityCheckContext; events: RealityCheckEvent },
  actors: {
    readCheck: fromPromise<RealityCheckRead>(notProvided('readCheck')),
  },
  actions: {
    /** app effect: ask the attention arbiter for the dialog (mandatory, kind reality-check) */
    askAttention: () => {},
    /** app effect: the dialog is gone (or no longer wanted): the arbiter may show what waits */
    releaseAttention: () => {},
    /** app effect: go to #/show/limits */
    openLimits: () => {},
    /** app effect: sign out the way the app's logout does */
    signOut: () => {},
    takeRead: assign((_, params: RealityCheckRead) => scheduled(params.check, params.now)),
    takeChange: assign((_, params: { check: RealityCheck; now: number }) => scheduled(params.check, params.now)),
    /** the dialog is shown: figures read fresh */
    open: assign(({ context }, params: { now: number }) => ({ now: params.now, figures: null, error: null, shown: context.shown + 1 })),
    takeFigures: assign((_, params: RealityCheckRead) => ({
      minutes: params.check.minutes,
      sessionStart: startOf(params.check, params.now),
      now: params.now,
      figures: { trades: params.check.trades, net: params.check.net, currency: params.check.currency },
    })),
    figuresFailed: assign((_, params: { error: unknown }) => ({ error: failureMsg(params.error, 'reality.load_failed') })),
    /** an interval changed while the dialog is open: the next check (after it closes) follows it */
    keepInterval: assign((_, params: { check: RealityCheck; now: number }) => ({ minutes: params.check.minutes, sessionStart: startOf(params.check, params.now) })),
    /** the next check: N minutes after this one's due time, or the first one after now when the dialog was held longer */
    scheduleNext: assign(({ context }, params: { now: number }) => ({
      now: params.now,
      dueAt: nextRealityCheck(context.sessionStart, context.minutes, Math.max(context.dueAt ?? params.now, params.now)),
    })),
    /** the deadline came: the clock is at it */
    reachDue: assign(({ context }) => ({ now: Math.max(context.now, context.dueAt ?? context.now) })),
  },
  guards: {
    isOff: ({ context }) => context.dueAt === null,
  },
  delays: {
    untilDue: ({ context }) => Math.max(0, (context.dueAt ?? context.now) - context.now),
    readRetry: READ_RETRY_MS,
  },
}).createMachine({
  id: 'realityCheck',
  context: { minutes: 0, sessionStart: 0, dueAt: null, now: 0, figures: null, error: null, shown: 0 },
  initial: 'reading',
  states: {
    /** the interval and the session's start, read once the trading shell is up */
    reading: {
      invoke: {
        src: 'readCheck',
        onDone: { target: 'scheduling', actions: { type: 'takeRead', params: ({ event }) => event.output } },
        onError: 'unread',
      },
    },
    /** the interval could not be read: tried again a minute later */
    unread: {
      after: { readRetry: 'reading' },
      on: { 'interval.changed': { target: 'scheduling', actions: { type: 'takeChange', params: ({ event }) => event } } },
    },
    scheduling: {
      always: [{ guard: 'isOff', target: 'off' }, { target: 'waiting' }],
    },
    /** the trader turned it off (or the country's default is off): nothing shows until it is turned on */
    off: {
      on: { 'interval.changed': { target: 'scheduling', actions: { type: 'takeChange', params: ({ event }) => event } } },
    },
    /** until the due time */
    waiting: {
      after: { untilDue: { target: 'due', actions: 'reachDue' } },
      on: { 'interval.changed': { target: 'scheduling', actions: { type: 'takeChange', params: ({ event }) => event } } },
    },
    /** due: the arbiter is asked (a money flow on screen holds it until the flow ends) */
    due: {
      entry: 'askAttention',
      on: {
        'attention.granted': { target: 'shown', actions: { type: 'open', params: ({ event }) => event } },
        'interval.changed': { target: 'scheduling', actions: ['releaseAttention', { type: 'takeChange', params: ({ event }) => event }] },
      },
    },
    /** the dialog: the time in this session, the figures read fresh, and the three choices */
    shown: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'readCheck',
            onDone: { target: 'figures', actions: { type: 'takeFigures', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'figuresFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        /** trades settled in this session and their net result */
        figures: {},
        /** the figures could not be read: the time in the session and the choices still show */
        failed: {},
      },
      on: {
        continue: { target: 'scheduling', actions: ['releaseAttention', { type: 'scheduleNext', params: ({ event }) => event }] },
        limits: { target: 'scheduling', actions: ['releaseAttention', { type: 'scheduleNext', params: ({ event }) => event }, 'openLimits'] },
        break: { target: 'tookBreak', actions: ['releaseAttention', 'signOut'] },
        'interval.changed': { actions: { type: 'keepInterval', params: ({ event }) => event } },
      },
    },
    /** Take a break: signed out */
    tookBreak: { type: 'final' },
  },
});
