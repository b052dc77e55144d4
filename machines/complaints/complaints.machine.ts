import { assign, fromPromise, setup } from 'xstate';
import { COMPLAINT_RULES, isComplaintCategory } from '../../core/complaints';
import type { Complaint, ComplaintList, ComplaintResponse, NewComplaintRequest } from '../../core/contract/complaints';
import { failureMsg, isCallFailure } from '../../core/failure';
import { msg, type Msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type { ComplaintField, ComplaintsContext, ComplaintsEvent, ComplaintsInput } from './complaints.types';

export const COMPLAINT_FIELDS: readonly ComplaintField[] = ['category', 'subject', 'text'];

/** The client's checks before sending (the server checks the same rules again): one key per field. */
export function complaintErrors(values: Record<ComplaintField, string>): Partial<Record<ComplaintField, Msg>> {
  const errors: Partial<Record<ComplaintField, Msg>> = {};
  const subject = values.subject.trim();
  const text = values.text.trim();
  if (!isComplaintCategory(values.category)) errors.category = msg('complaints.error_category');
  if (subject.length < COMPLAINT_RULES.subjectMin || subject.length > COMPLAINT_RULES.subjectMax) {
    errors.subject = msg('complaints.error_subject', undefined, { min: COMPLAINT_RULES.subjectMin, max: COMPLAINT_RULES.subjectMax });
  }
  if (text.length < COMPLAINT_RULES.textMin || text.length > COMPLAINT_RULES.textMax) {
    errors.text = msg('complaints.error_text', undefined, { min: COMPLAINT_RULES.textMin, max: COMPLAINT_RULES.textMax });
  }
  return errors;
}

/** the server's per-field keys (`fields` of a 400), for the fields this form has */
function serverFieldErrors(error: unknown): Partial<Record<ComplaintField, Msg>> {
  const fields = typeof error === 'object' && error !== null && 'fields' in error ? (error as { fields?: Record<string, string> }).fields : undefined;
  const errors: Partial<Record<ComplaintField, Msg>> = {};
  for (const field of COMPLAINT_FIELDS) if (fields?.[field]) errors[field] = msg(fields[field]);
  return errors;
}

/** a refusal of what was sent (400): the form is corrected, not sent again as it is */
const isRefusal = (error: unknown): boolean => isCallFailure(error) && error.kind === 'http' && error.status === 400;

const emptyValues = (): Record<ComplaintField, string> => ({ category: '', subject: '', text: '' });

/**
 * "Make a complaint" (issue 30 §7; rules in core/complaints.ts): the trader's complaints (read
 * again on a retry), and the form: a category (withdrawal of funds its own), a subject and what
 * happened, each checked before sending. Sent once under one idempotency key; the answer is the
 * complaint with its reference, acknowledged at once, and its due date (two months out), shown
 * until the trader starts another. A refused field is marked; a lost connection, a server error
 * or the day's limit keeps everything typed and the key (sending again is the same complaint).
 */
export const complaintsMachine = setup({
  types: {} as { context: ComplaintsContext; events: ComplaintsEvent; input: ComplaintsInput },
  actors: {
    loadComplaints: fromPromise<ComplaintList>(notProvided('loadComplaints')),
    makeComplaint: fromPromise<ComplaintResponse, NewComplaintRequest>(notProvided('makeComplaint')),
  },
  actions: {
    refuse: assign(({ context }, params: { fieldErrors: Partial<Record<ComplaintField, Msg>>; error: Msg | null }) => ({
      fieldErrors: params.fieldErrors,
      error: params.error,
      shakes: context.shakes + 1,
    })),
  },
  guards: {
    isInvalid: ({ context }) => Object.keys(complaintErrors(context.values)).length > 0,
    isRefusal: (_, params: { error: unknown }) => isRefusal(params.error),
  },
}).createMachine({
  id: 'complaints',
  context: ({ input }) => ({
    keySeed: input.keySeed,
    made: 0,
    complaints: [],
    values: emptyValues(),
    fieldErrors: {},
    error: null,
    last: null,
    shakes: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadComplaints',
        onDone: { target: 'ready', actions: assign({ complaints: ({ event }) => event.output.complaints, error: null }) },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => failureMsg(event.error, 'complaints.load_failed') }) },
      },
    },
    /** the list could not be read: said so, with a retry (the form waits: a complaint is not made blind) */
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        /** the list, read again when the server says something changed (an agent's final answer) */
        list: {
          initial: 'idle',
          states: {
            idle: { on: { 'complaints.changed': 'reloading' } },
            reloading: {
              on: { 'complaints.changed': { target: 'reloading', reenter: true } },
              invoke: {
                src: 'loadComplaints',
                onDone: { target: 'idle', actions: assign({ complaints: ({ event }) => event.output.complaints }) },
                // the list on screen stays as it was; the next change reads it again
                onError: 'idle',
              },
            },
          },
        },
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'field.change': {
                  actions: assign(({ context, event }) => {
                    const fieldErrors = { ...context.fieldErrors };
                    delete fieldErrors[event.field];
                    return { values: { ...context.values, [event.field]: event.value }, fieldErrors, error: null };
                  }),
                },
                'complaint.submit': [
                  { guard: 'isInvalid', actions: { type: 'refuse', params: ({ context }) => ({ fieldErrors: complaintErrors(context.values), error: null }) } },
                  { target: 'sending' },
                ],
              },
            },
            /** one request; a second submit is not heard here */
            sending: {
              entry: assign({ error: null, fieldErrors: {} }),
              invoke: {
                src: 'makeComplaint',
                input: ({ context }) => ({
                  key: `${context.keySeed}-c${context.made}`,
                  category: context.values.category,
                  subject: context.values.subject.trim(),
                  text: context.values.text.trim(),
                }),
                onDone: {
                  target: 'sent',
                  actions: assign(({ context, event }) => {
                    const made: Complaint = event.output.complaint;
                    return {
                      last: made,
                      made: context.made + 1,
                      complaints: [made, ...context.complaints.filter((c) => c.reference !== made.reference)],
                      values: emptyValues(),
                    };
                  }),
                },
                onError: [
                  {
                    guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
                    target: 'editing',
                    actions: { type: 'refuse', params: ({ event }) => ({ fieldErrors: serverFieldErrors(event.error), error: failureMsg(event.error, 'complaints.send_failed') }) },
                  },
                  // not reached, a server error, the day's limit: everything typed and the key stay
                  { target: 'editing', actions: { type: 'refuse', params: ({ event }) => ({ fieldErrors: {}, error: failureMsg(event.error, 'complaints.send_failed') }) } },
                ],
              },
            },
            /** the acknowledgement: the reference and the due date, until another complaint is started */
            sent: {
              on: { 'complaint.another': { target: 'editing', actions: assign({ last: null }) } },
            },
          },
        },
      },
    },
  },
});
