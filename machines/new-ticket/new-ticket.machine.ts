import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { SUPPORT_LIMITS, type NewTicketRequest, type TicketForm, type TicketThread } from '../../core/contract/support';
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
import type { NewTicketContext, NewTicketEvent, NewTicketInput, NewTicketOutput } from './new-ticket.types';

/** 002 §9: the support dialog closes 3500 ms after the ticket is created */
export const SUPPORT_DIALOG_CLOSE_MS = 3_500;

/** the id prefix of the form's attachment controls (the view reads snapshot.children[slot]) */
export const TICKET_SLOT = 'ticket.attachment.';

/** The bounds of the subject and content (SUPPORT_LIMITS): a message key per field that is wrong. */
export function ticketFieldErrors(context: Pick<NewTicketContext, 'subject' | 'content'>): NewTicketContext['fieldErrors'] {
  const subject = checkText(context.subject, SUPPORT_LIMITS.subject, 'subject');
  const content = checkText(context.content, SUPPORT_LIMITS.content, 'content');
  return { ...(subject && { subject }), ...(content && { content }) };
}

/**
 * A new ticket (spec 002 §2-3, §9), on the support page (department '27') or in the
 * support dialog (department '62', optionally about a payment, an invoice or a withdrawal):
 * department, priority ('1'), subject, content and attachments (upload controls as children),
 * checked against SUPPORT_LIMITS, then created under one idempotency key. A failure keeps
 * everything typed and the key (sending again is the same ticket). In the dialog the success is
 * shown and the machine ends after 3500 ms; on the page it ends at once with the new ticket.
 */
export const newTicketMachine = setup({
  types: {} as { context: NewTicketContext; events: NewTicketEvent; input: NewTicketInput; output: NewTicketOutput },
  actors: {
    loadForm: fromPromise<TicketForm>(notProvided('loadForm')),
    create: fromPromise<TicketThread, NewTicketRequest>(notProvided('create')),
    attachment: attachmentChild,
  },
  actions: {
    /** app effect: the ticket is created (the header's count, a notification elsewhere) */
    createdEffect: () => {},
    /** app effect: the newest staged attachment is taken back (POST /api/kayako/upload/attachment/unshift) */
    unstage: () => {},
    /** app effect: the staged attachments of a form left unsent are dropped (POST /api/kayako/drop) */
    drop: () => {},
    addFiles: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'attachments.chosen') return;
      const { open, next } = chooseAttachments(context, event.files, TICKET_SLOT);
      for (const { slot, file, input } of open) {
        enqueue.spawnChild('attachment', { id: slot, input });
        enqueue.sendTo(slot, { type: 'files.chosen', files: [file] });
      }
      enqueue.assign({ ...next, error: null });
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
  },
  guards: {
    hasForm: ({ context }) => context.form !== null,
    badFields: ({ context }) => Object.keys(ticketFieldErrors(context)).length > 0,
    filesPending: ({ context }) => attachmentsPending(context.attachments),
    isDialog: ({ context }) => context.dialog,
    hasStaged: ({ context }) => storedIds(context.attachments).length > 0,
  },
  delays: {
    dialogCloseDelay: SUPPORT_DIALOG_CLOSE_MS,
  },
}).createMachine({
  id: 'newTicket',
  context: ({ input }) => ({
    form: input.form ?? null,
    department: input.department,
    priority: input.priority ?? input.form?.defaults.priority ?? '1',
    subject: '',
    content: '',
    about: input.about ?? null,
    keySeed: input.keySeed,
    created: 0,
    dialog: input.dialog ?? false,
    thread: null,
    fieldErrors: {},
    error: null,
    ...attachmentsContext(input.form?.maxAttachments, input.form?.maxBytes),
  }),
  initial: 'start',
  output: ({ context }) => ({ thread: context.thread }),
  states: {
    start: { always: [{ guard: 'hasForm', target: 'editing' }, { target: 'loading' }] },
    loading: {
      invoke: {
        src: 'loadForm',
        onDone: {
          target: 'editing',
          // the dialog takes its department from the form options when they name one ('62' by default)
          actions: assign(({ context, event }) => ({
            form: event.output,
            department: (context.dialog && event.output.defaults.dialog) || context.department,
            ...attachmentsContext(event.output.maxAttachments, event.output.maxBytes),
          })),
        },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'support.form_error') })) },
      },
    },
    failed: { on: { retry: { target: 'loading', actions: assign({ error: null }) } } },
    editing: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => ({
            [event.field]: event.value,
            error: null,
            fieldErrors: event.field === 'subject' || event.field === 'content' ? { ...context.fieldErrors, [event.field]: undefined } : context.fieldErrors,
          })),
        },
        'attachments.chosen': { actions: 'addFiles' },
        'attachment.stored': { actions: 'stored' },
        'attachment.remove': { actions: 'removeFile' },
        'ticket.submit': [
          { guard: 'badFields', actions: assign(({ context }) => ({ fieldErrors: ticketFieldErrors(context) })) },
          { guard: 'filesPending', actions: assign({ error: () => msg('support.attachments_pending') }) },
          { target: 'sending' },
        ],
        'ticket.cancel': [
          { guard: 'hasStaged', target: 'cancelled', actions: 'drop' },
          { target: 'cancelled' },
        ],
      },
    },
    sending: {
      entry: assign({ error: null, fieldErrors: {} }),
      invoke: {
        src: 'create',
        input: ({ context }) => ({
          priority: context.priority,
          departments: context.department,
          subject: context.subject,
          content: context.content,
          key: `${context.keySeed}-t${context.created}`,
          ...(context.attachments.length > 0 && { attachments: storedIds(context.attachments) }),
          ...(context.about && { about: context.about }),
        }),
        onDone: [
          { guard: 'isDialog', target: 'success', actions: [assign(({ context, event }) => ({ thread: event.output, created: context.created + 1 })), 'createdEffect'] },
          { target: 'done', actions: [assign(({ context, event }) => ({ thread: event.output, created: context.created + 1 })), 'createdEffect'] },
        ],
        // everything typed and the key stay: sending again is the same ticket
        onError: { target: 'editing', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'support.create_error') })) },
      },
    },
    /** the dialog says the ticket is created, then closes (002 §9: 3500 ms) */
    success: {
      after: { dialogCloseDelay: 'done' },
      on: { 'ticket.dismiss': 'done' },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
