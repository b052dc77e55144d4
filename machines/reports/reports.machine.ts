import { assign, fromPromise, setup } from 'xstate';
import { failureMsg } from '../../core/failure';
import { msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import { endOfDay, parseDay } from './dates';
import type { ReportsContext, ReportsEvent, ReportsInput, ReportsPage, ReportsQuery } from './reports.types';

const rangeOf = (context: ReportsContext): { from: number; to: number } | null => {
  const from = parseDay(context.fromText);
  const to = parseDay(context.toText);
  return from === null || to === null || from > to ? null : { from, to: endOfDay(to) };
};

/**
 * History and reports (spec 001 §3, §7, §9): a date range typed as DD.MM.YYYY, a status and an
 * instrument or type filter, one page of the platform's rows at a time (history: 999 with offset,
 * reports: 100 with skip). A bad date keeps what was typed and the rows shown; a failed load
 * says 'Load data error' and can be retried; the latest query wins.
 */
export const reportsMachine = setup({
  types: {} as { context: ReportsContext; events: ReportsEvent; input: ReportsInput },
  actors: {
    loadPage: fromPromise<ReportsPage, ReportsQuery>(notProvided('loadPage')),
  },
  guards: {
    isRangeValid: ({ context }) => rangeOf(context) !== null,
    isDayMissing: ({ context }) => parseDay(context.fromText) === null || parseDay(context.toText) === null,
    hasNextPage: ({ context }) => context.offset + context.pageSize < context.total,
    hasPrevPage: ({ context }) => context.offset > 0,
  },
  actions: {
    takeQuery: assign(({ context }) => {
      const range = rangeOf(context)!;
      return {
        dateError: null,
        query: { kind: context.kind, ...range, limit: context.pageSize, offset: context.offset, status: context.status, filter: context.filter },
      };
    }),
    firstPage: assign({ offset: 0 }),
  },
}).createMachine({
  id: 'reports',
  context: ({ input }) => ({
    kind: input.kind,
    pageSize: input.pageSize,
    fromText: input.from,
    toText: input.to,
    status: '',
    filter: '',
    offset: 0,
    query: null,
    rows: [],
    total: 0,
    dateError: null,
    error: null,
  }),
  initial: 'validating',
  on: {
    'query.edit': {
      actions: assign(({ context, event }) => ({ fromText: event.from ?? context.fromText, toText: event.to ?? context.toText, dateError: null })),
    },
    'query.apply': { target: '.validating', actions: 'firstPage' },
    'query.status': { target: '.validating', actions: [assign(({ event }) => ({ status: event.status })), 'firstPage'] },
    'query.filter': { target: '.validating', actions: [assign(({ event }) => ({ filter: event.filter })), 'firstPage'] },
  },
  states: {
    validating: {
      always: [
        { guard: 'isRangeValid', target: 'loading', actions: 'takeQuery' },
        { guard: 'isDayMissing', target: 'invalid', actions: assign({ dateError: msg('reports.date_invalid') }) },
        { target: 'invalid', actions: assign({ dateError: msg('reports.range_backwards') }) },
      ],
    },
    /** the typed dates name no range: what was typed and the rows shown stay */
    invalid: {},
    loading: {
      invoke: {
        src: 'loadPage',
        input: ({ context }) => context.query!,
        onDone: { target: 'ready', actions: assign(({ event }) => ({ rows: event.output.rows, total: event.output.total, error: null })) },
        onError: { target: 'failed', meta: { spec: ['001 §8.14'] }, actions: assign(({ event }) => ({ error: failureMsg(event.error, 'reports.load_error') })) },
      },
    },
    ready: {
      on: {
        'page.next': { guard: 'hasNextPage', target: 'validating', actions: assign(({ context }) => ({ offset: context.offset + context.pageSize })) },
        'page.prev': {
          guard: 'hasPrevPage',
          target: 'validating',
          actions: assign(({ context }) => ({ offset: Math.max(0, context.offset - context.pageSize) })),
        },
      },
    },
    failed: {
      on: { 'query.retry': 'validating' },
    },
  },
});
