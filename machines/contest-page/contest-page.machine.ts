import { assign, fromPromise, setup } from 'xstate';
import { failureMsg } from '../../core/failure';
import { notProvided } from '../shared/not-provided';
import type { ContestLists, ContestPageContext, ContestPageEvent, ContestPageInput } from './contest-page.types';

/** the filter box's longest text */
export const FILTER_MAX = 40;

/**
 * The contest page (spec 002 §2-3, §8-9): the open contests (tab first) and the last
 * closed ones (tab last), read together; a filter box narrows the shown rows; a failed read says
 * 'Some errors...' with a retry. A contest that closes while the page is open comes back with a
 * refresh (pushed notification or the trader's action), on the tab the trader was on.
 */
export const contestPageMachine = setup({
  types: {} as { context: ContestPageContext; events: ContestPageEvent; input: ContestPageInput },
  actors: {
    load: fromPromise<ContestLists>(notProvided('load')),
  },
  actions: {
    take: assign(({ event }) => {
      const { current, last } = (event as unknown as { output: ContestLists }).output;
      return { current, last, error: null };
    }),
    fail: assign(({ event }) => ({ error: failureMsg((event as unknown as { error: unknown }).error, 'contest.error') })),
  },
  guards: {
    onLast: ({ context }) => context.tab === 'last',
  },
}).createMachine({
  id: 'contestPage',
  context: ({ input }) => ({ current: [], last: [], filter: '', tab: input.tab ?? 'first', error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: { src: 'load', onDone: { target: 'shown', actions: 'take' }, onError: { target: 'failed', meta: { spec: ['002 §8.5'] }, actions: 'fail' } },
    },
    failed: { on: { retry: 'loading' } },
    shown: {
      initial: 'pick',
      on: {
        filter: { actions: assign(({ event }) => ({ filter: event.value.slice(0, FILTER_MAX) })) },
        refresh: 'loading',
      },
      states: {
        pick: { always: [{ guard: 'onLast', target: 'last' }, { target: 'first' }] },
        first: { on: { 'tab.last': { target: 'last', actions: assign({ tab: 'last' as const }) } } },
        last: { on: { 'tab.first': { target: 'first', actions: assign({ tab: 'first' as const }) } } },
      },
    },
  },
});
