import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { SUPPORT_LIMITS, TICKET_CLOSED, TICKET_OPEN, type CloseRequest, type ReplyRequest, type ShowRequest, type TicketThread } from '../../core/contract/support';
import { failureMsg } from '../../core/failure';
import { msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import {
  attachmentChild,
  attachmentsContext,
  attachmentsPending,
  checkText,
  markStored,
  chooseAttachments,
  dropAttachment,
  storedIds,
} from '../support-attachments/attachments';
import type { TicketThreadContext, TicketThreadEvent, TicketThreadInput } from './ticket-thread.types';

/** the id prefix of the reply's attachment controls (the view reads snapshot.children[slot]) */
export const REPLY_SLOT = 'reply.attachment.';

const threadOf = (event: unknown): TicketThread => (event as { output: TicketThread }).output;

/**
 * One ticket as a thread (spec 002 §2-4, §8): loaded with show (which marks the agent's
 * replies read); a reply with attachments (upload controls as children) under one idempotency
 * key, checked against SUPPORT_LIMITS before sending; replying to a ticket that is not Open
 * reopens it and the list is refreshed; a failed reply keeps its text and offers a retry with the
 * same key. Close asks 'Close Ticket / Are you sure?'; a failed close says 'Server error try again
 * later.'; a closed ticket ends the machine (the page returns to the list). An agent's reply
 * pushed as ticket.updated is read in place.
 */
export const ticketThreadMachine = setup({
  types: {} as { context: TicketThreadContext; events: TicketThreadEvent; input: TicketThreadInput; output: { closed: true } },
  actors: {
    show: fromPromise<TicketThread, ShowRequest>(notProvided('show')),
    reply: fromPromise<TicketThread, ReplyRequest>(notProvided('reply')),
    close: fromPromise<TicketThread, CloseRequest>(notProvided('close')),
    attachment: attachmentChild,
  },
  actions: {
    /** to the parent (the page) when composed: the agent's replies are read (the list's mark goes) */
    read: () => {},
    /** to the parent when composed: a reply or a close changed the ticket (the list is read again) */
    changed: () => {},
    /** app effect: the header's unread count is read again */
    seen: () => {},
    /** app effect: the newest staged attachment is taken back (POST /api/kayako/upload/attachment/unshift) */
    unstage: () => {},
    take: assign(({ event }) => ({ thread: threadOf(event), error: null })),
    /** the reply changed after a failed send: it goes under a new idempotency key */
    newKey: assign(({ context }) => ({ replies: context.replies + 1 })),
    addFiles: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'attachments.chosen') return;
      const { open, next } = chooseAttachments(context, event.files, REPLY_SLOT);
      for (const { slot, file, input } of open) {
        enqueue.spawnChild('attachment', { id: slot, input });
        enqueue.sendTo(slot, { type: 'files.chosen', files: [file] });
      }
      enqueue.assign({ ...next, replyError: null });
    }),
    stored: assign(({ context, event }) => (event.type === 'attachment.stored' ? { attachments: markStored(context.attachments, event.slot, event.id) } : {})),
    removeFile: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'attachment.remove') return;
      const removed = dropAttachment(context, event.slot);
      if (!removed) return;
      if (removed.unstage) enqueue('unstage');
      enqueue.stopChild(event.slot);
      enqueue.assign(removed.next);
    }),
    /** the reply went: its attachments are part of the thread now */
    clearFiles: enqueueActions(({ context, enqueue }) => {
      for (const a of context.attachments) enqueue.stopChild(a.slot);
      enqueue.assign({ attachments: [], notice: null });
    }),
  },
  guards: {
    badReply: ({ context }) => checkText(context.draft, SUPPORT_LIMITS.content, 'content') !== null,
    filesPending: ({ context }) => attachmentsPending(context.attachments),
    notClosed: ({ context }) => context.thread?.ticket.status_id !== TICKET_CLOSED,
    thisTicket: ({ context, event }) => event.type === 'ticket.updated' && event.id === context.id,
  },
}).createMachine({
  id: 'ticketThread',
  context: ({ input }) => ({
    id: input.id,
    thread: null,
    draft: '',
    keySeed: input.keySeed,
    replies: 0,
    error: null,
    replyError: null,
    closeError: null,
    reopened: false,
    ...attachmentsContext(input.maxAttachments, input.maxBytes),
  }),
  initial: 'loading',
  output: { closed: true },
  states: {
    loading: {
      invoke: {
        src: 'show',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: ['take', 'read', 'seen'] },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'support.thread_error') })) },
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        reply: {
          initial: 'editing',
          on: {
            'attachment.stored': { actions: 'stored' },
          },
          states: {
            editing: {
              on: {
                'reply.change': { actions: assign(({ event }) => ({ draft: event.value, replyError: null })) },
                'attachments.chosen': { actions: 'addFiles' },
                'attachment.remove': { actions: 'removeFile' },
                'reply.submit': [
                  { guard: 'badReply', actions: assign(({ context }) => ({ replyError: checkText(context.draft, SUPPORT_LIMITS.content, 'content') })) },
                  { guard: 'filesPending', actions: assign({ replyError: () => msg('support.attachments_pending') }) },
                  { target: 'sending' },
                ],
              },
            },
            sending: {
              entry: assign({ replyError: null }),
              invoke: {
                src: 'reply',
                input: ({ context }) => ({
                  ticket: context.id,
                  content: context.draft,
                  key: `${context.keySeed}-r${context.replies}`,
                  ...(context.attachments.length > 0 && { attachments: storedIds(context.attachments) }),
                }),
                onDone: {
                  target: 'editing',
                  meta: { spec: ['002 §4.5'] },
                  actions: [
                    // 002 §4: a reply to a ticket that is not Open reopens it, and the list is read again
                    assign(({ context }) => ({ reopened: context.thread?.ticket.status_id !== TICKET_OPEN, draft: '', replies: context.replies + 1, closeError: null })),
                    'take',
                    'clearFiles',
                    'changed',
                  ],
                },
                // the text, the attachments and the key stay: a retry is the same reply
                onError: { target: 'failed', actions: assign(({ event }) => ({ replyError: failureMsg(event.error, 'support.reply_error') })) },
              },
            },
            // an unchanged retry keeps the key (the same reply, never two); an edited reply is a new
            // message with a new key, so an edit is never swallowed by a first send that did arrive
            failed: {
              on: {
                'reply.retry': 'sending',
                'reply.change': { target: 'editing', actions: assign(({ context, event }) => ({ draft: event.value, replyError: null, replies: context.replies + 1 })) },
                'attachments.chosen': { target: 'editing', actions: ['addFiles', 'newKey'] },
                'attachment.remove': { target: 'editing', actions: ['removeFile', 'newKey'] },
              },
            },
          },
        },
        close: {
          initial: 'idle',
          states: {
            idle: { on: { 'close.ask': { guard: 'notClosed', target: 'confirming', meta: { spec: ['002 §8.12'] }, actions: assign({ closeError: null }) } } },
            /** 'Close Ticket / Are you sure?' */
            confirming: { on: { 'close.yes': { target: 'closing', meta: { spec: ['002 §4.6', '002 §8.12'] } }, 'close.no': { target: 'idle', meta: { spec: ['002 §8.12'] } } } },
            closing: {
              invoke: {
                src: 'close',
                input: ({ context }) => ({ id: context.id }),
                // 002 §4: closing returns to the list
                onDone: { target: '#ticketThread.closed', meta: { spec: ['002 §4.6'] }, actions: ['take', 'changed'] },
                onError: { target: 'idle', meta: { spec: ['002 §8.3'] }, actions: assign({ closeError: () => msg('support.close_error') }) },
              },
            },
          },
        },
        /** an agent's reply or a status set in the desk, pushed: read in place, no reload */
        sync: {
          initial: 'idle',
          states: {
            idle: { on: { 'ticket.updated': { guard: 'thisTicket', target: 'refreshing' } } },
            refreshing: {
              on: { 'ticket.updated': { guard: 'thisTicket', target: 'refreshing', reenter: true } },
              invoke: {
                src: 'show',
                input: ({ context }) => ({ id: context.id }),
                onDone: { target: 'idle', actions: ['take', 'read', 'seen'] },
                onError: { target: 'idle', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'support.thread_error') })) },
              },
            },
          },
        },
      },
    },
    closed: { type: 'final' },
  },
});
