import { assign, fromPromise, setup } from 'xstate';
import type { Contest } from '../../core/contract/contests';
import { notProvided } from '../shared/not-provided';
import type { TourneyWeekendContext, TourneyWeekendEvent, TourneyWeekendInput } from './tourney-weekend.types';

/** the weekend contest being held now (started, not ended, open) */
export const weekendOf = (contests: Contest[], now: number): Contest | null =>
  contests.find((c) => c.type === 'weekend' && c.status === 'open' && Date.parse(c.date_start) <= now && now < Date.parse(c.date_end)) ?? null;

/**
 * The weekend contest modal (spec 002 §2-3: Tourney weekend): offered at most once a
 * day and only while a weekend contest is being held (its window, from the server: GET /api/tourney/current).
 * Show more closes the modal and goes to the contest page (#/show/contest); closing it is the
 * end until tomorrow. A failed read offers nothing.
 */
export const tourneyWeekendMachine = setup({
  types: {} as { context: TourneyWeekendContext; events: TourneyWeekendEvent; input: TourneyWeekendInput },
  actors: {
    current: fromPromise<Contest[]>(notProvided('current')),
  },
  actions: {
    /** remembers today (the flow stores it) */
    remember: () => {},
    /** opens the dynamic modal tourney_weekend */
    open: () => {},
    /** closes the modal and goes to #/show/contest */
    goContest: () => {},
  },
  guards: {
    seenToday: ({ context }) => context.seenDay === context.today,
    weekendOpen: ({ context, event }) => weekendOf((event as unknown as { output: Contest[] }).output, context.now) !== null,
  },
}).createMachine({
  id: 'tourneyWeekend',
  context: ({ input }) => ({ ...input, contest: null }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'seenToday', target: 'skipped' }, { target: 'checking' }] },
    checking: {
      invoke: {
        src: 'current',
        onDone: [
          {
            guard: 'weekendOpen',
            target: 'offered',
            meta: { spec: ['002 §4.21'] },
            actions: [assign(({ context, event }) => ({ contest: weekendOf(event.output, context.now) })), 'remember', 'open'],
          },
          { target: 'skipped' },
        ],
        onError: 'skipped',
      },
    },
    offered: { on: { close: 'closed', more: { target: 'more', actions: 'goContest' } } },
    skipped: { type: 'final' },
    closed: { type: 'final' },
    more: { type: 'final' },
  },
});
