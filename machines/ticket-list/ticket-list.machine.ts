import { assign, fromPromise, setup } from 'xstate';
import type { TicketList, TicketSummary } from '../../core/contract/support';
import { failureMsg } from '../../core/failure';
import { notProvided } from '../shared/not-provided';
import type { TicketListContext, TicketListEvent, TicketListInput } from './ticket-list.types';

/** newest activity first */
export const byActivity = (tickets: TicketSummary[]): TicketSummary[] => [...tickets].sort((a, b) => b.activity.localeCompare(a.activity));

/**
 * The trader's tickets (spec 002 §2-3): id, subject, status by status_id, last activity,
 * unread agent replies marked. Read again when the server pushes ticket.updated (an agent
 * answered or set a status) or the page asks (a reply, a new or closed ticket); news that comes
 * while reading starts the read again, so the list ends on the newest state.
 */
export const ticketListMachine = setup({
  types: {} as { context: TicketListContext; events: TicketListEvent; input: TicketListInput },
  actors: {
    list: fromPromise<TicketList>(notProvided('list')),
  },
  actions: {
    take: assign(({ event }) => ({ tickets: byActivity((event as unknown as { output: TicketList }).output.tickets), error: null })),
  },
  guards: {
    given: ({ context }) => context.given,
  },
}).createMachine({
  id: 'ticketList',
  context: ({ input }) => ({ tickets: byActivity(input.tickets ?? []), given: Array.isArray(input.tickets), error: null }),
  initial: 'start',
  on: {
    'ticket.read': { actions: assign(({ context, event }) => ({ tickets: context.tickets.map((t) => (t.id === event.id ? { ...t, unread: false } : t)) })) },
  },
  states: {
    start: { always: [{ guard: 'given', target: 'shown' }, { target: 'loading' }] },
    loading: {
      invoke: {
        src: 'list',
        onDone: { target: 'shown', actions: 'take' },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'support.list_error') })) },
      },
    },
    failed: { on: { retry: 'loading', 'ticket.updated': 'loading' } },
    shown: {
      on: { 'list.refresh': 'refreshing', 'ticket.updated': 'refreshing' },
    },
    refreshing: {
      on: {
        'list.refresh': { target: 'refreshing', reenter: true },
        'ticket.updated': { target: 'refreshing', reenter: true },
      },
      invoke: {
        src: 'list',
        onDone: { target: 'shown', actions: 'take' },
        // the last known list stays; the error is said beside it
        onError: { target: 'shown', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'support.list_error') })) },
      },
    },
  },
});
