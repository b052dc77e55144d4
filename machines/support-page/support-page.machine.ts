import { assign, enqueueActions, sendParent, sendTo, setup } from 'xstate';
import type { SupportInit } from '../../core/contract/support';
import { newTicketMachine } from '../new-ticket/new-ticket.machine';
import type { NewTicketOutput } from '../new-ticket/new-ticket.types';
import { supportInitMachine } from '../support-init/support-init.machine';
import { ticketListMachine } from '../ticket-list/ticket-list.machine';
import { ticketThreadMachine } from '../ticket-thread/ticket-thread.machine';
import type { SupportPageContext, SupportPageEvent, SupportPageInput } from './support-page.types';

/** the page's default department (002 §3) when the form options do not say */
export const PAGE_DEPARTMENT = '27';

/** init as a child of the page: giving up tells the page */
export const supportInitChild = supportInitMachine.provide({
  actions: { gaveUp: sendParent(({ context }) => ({ type: 'init.failed', error: context.error })) },
});

/** a thread as a child of the page: read and changed tell the page (which tells the list) */
export const ticketThreadChild = ticketThreadMachine.provide({
  actions: {
    read: sendParent(({ context }) => ({ type: 'ticket.read', id: context.id })),
    changed: sendParent({ type: 'tickets.changed' }),
  },
});

/** the children's ids (the view reads snapshot.children[...]) */
export const SUPPORT_CHILD = { init: 'init', list: 'list', thread: 'thread', compose: 'compose' } as const;

/**
 * The support page, #/show/support (spec 002 §2-4): runs support init (with its retries)
 * as a child, then owns the ticket list (a child for as long as the page is ready) and either no
 * ticket, the new ticket form (department '27') or one ticket's thread (children). A created
 * ticket opens; a reply or a close refreshes the list; a closed ticket returns to the list;
 * ticket.updated pushed by the server goes to the list and to the open thread.
 */
export const supportPageMachine = setup({
  types: {} as { context: SupportPageContext; events: SupportPageEvent; input: SupportPageInput },
  actors: {
    init: supportInitChild,
    list: ticketListMachine,
    thread: ticketThreadChild,
    compose: newTicketMachine,
  },
  actions: {
    refreshList: sendTo(SUPPORT_CHILD.list, { type: 'list.refresh' }),
    open: assign(({ context, event }) => ({ openId: event.type === 'ticket.open' ? event.id : context.openId, opened: context.opened + 1 })),
    forwardToList: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'ticket.updated' || event.type === 'ticket.read') enqueue.sendTo(SUPPORT_CHILD.list, event);
    }),
    forwardToThread: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'ticket.updated') enqueue.sendTo(SUPPORT_CHILD.thread, event);
    }),
  },
  guards: {
    hasOpen: ({ context }) => context.openId !== null,
    created: ({ event }) => ((event as unknown as { output?: NewTicketOutput }).output?.thread ?? null) !== null,
  },
}).createMachine({
  id: 'supportPage',
  context: ({ input }) => ({ keySeed: input.keySeed, form: null, tickets: [], error: null, openId: input.ticket ?? null, opened: 0 }),
  initial: 'starting',
  states: {
    starting: {
      initial: 'trying',
      invoke: {
        id: SUPPORT_CHILD.init,
        src: 'init',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => {
            const init = event.output as SupportInit;
            return { form: init.form, tickets: init.tickets, error: null };
          }),
        },
      },
      states: {
        trying: { on: { 'init.failed': { target: 'failed', actions: assign(({ event }) => ({ error: event.error })) } } },
        failed: { on: { retry: { target: 'trying', actions: [assign({ error: null }), sendTo(SUPPORT_CHILD.init, { type: 'retry' })] } } },
      },
    },
    ready: {
      type: 'parallel',
      states: {
        list: {
          invoke: { id: SUPPORT_CHILD.list, src: 'list', input: ({ context }) => ({ tickets: context.tickets }) },
          on: {
            'ticket.updated': { actions: 'forwardToList' },
            'ticket.read': { actions: 'forwardToList' },
            'tickets.changed': { actions: 'refreshList' },
          },
        },
        main: {
          initial: 'start',
          on: {
            'ticket.open': { target: '.ticket', reenter: true, actions: 'open' },
            'ticket.new': { target: '.composing', actions: assign(({ context }) => ({ opened: context.opened + 1 })) },
          },
          states: {
            start: { always: [{ guard: 'hasOpen', target: 'ticket' }, { target: 'index' }] },
            /** the list alone */
            index: {},
            /** the new ticket form on the page (department '27') */
            composing: {
              on: { 'ticket.back': 'index' },
              invoke: {
                id: SUPPORT_CHILD.compose,
                src: 'compose',
                input: ({ context }) => ({
                  department: context.form?.defaults.page || PAGE_DEPARTMENT,
                  priority: context.form?.defaults.priority,
                  form: context.form,
                  keySeed: `${context.keySeed}-n${context.opened}`,
                }),
                onDone: [
                  {
                    guard: 'created',
                    target: 'ticket',
                    actions: [assign(({ event }) => ({ openId: (event.output as NewTicketOutput).thread!.ticket.id })), 'refreshList'],
                  },
                  { target: 'index' },
                ],
              },
            },
            /** one ticket's thread */
            ticket: {
              on: {
                'ticket.back': { target: 'index', actions: assign({ openId: null }) },
                'ticket.updated': { actions: 'forwardToThread' },
              },
              invoke: {
                id: SUPPORT_CHILD.thread,
                src: 'thread',
                input: ({ context }) => ({
                  id: context.openId ?? '',
                  keySeed: `${context.keySeed}-h${context.opened}`,
                  maxAttachments: context.form?.maxAttachments,
                  maxBytes: context.form?.maxBytes,
                }),
                // 002 §4: a closed ticket returns to the list (refreshed by the thread's changed)
                onDone: { target: 'index', actions: assign({ openId: null }) },
              },
            },
          },
        },
      },
    },
  },
});
