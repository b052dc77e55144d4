import { assign, fromPromise, setup } from 'xstate';
import { SUPPORT_LIMITS, type ContactRequest, type ContactResponse, type SupportInfo } from '../../core/contract/support';
import { isCallFailure } from '../../core/failure';
import { msg, type Msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type { ContactField, ContactFormContext, ContactFormEvent, ContactValues } from './contact-form.types';

export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'phone', 'message'];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const tooLong = (max: number): Msg => msg('contacts.too_long', undefined, { max });

/** The client's checks before sending (the server checks the same again): each field gets one clear key. */
export function contactErrors(values: ContactValues): Partial<Record<ContactField, Msg>> {
  const errors: Partial<Record<ContactField, Msg>> = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const phone = values.phone.trim();
  const message = values.message.trim();
  if (!name) errors.name = msg('contacts.error_name');
  else if (name.length > SUPPORT_LIMITS.name) errors.name = tooLong(SUPPORT_LIMITS.name);
  if (!EMAIL.test(email)) errors.email = msg('contacts.error_email');
  else if (email.length > SUPPORT_LIMITS.email) errors.email = tooLong(SUPPORT_LIMITS.email);
  // spec 001 §5: the contact phone is at least 7 characters
  if (phone.length < SUPPORT_LIMITS.phoneMin) errors.phone = msg('contacts.error_phone');
  else if (phone.length > SUPPORT_LIMITS.phone) errors.phone = tooLong(SUPPORT_LIMITS.phone);
  if (!message) errors.message = msg('contacts.error_message');
  else if (message.length > SUPPORT_LIMITS.message) errors.message = tooLong(SUPPORT_LIMITS.message);
  return errors;
}

/** what is sent: the typed values trimmed (the honeypot as it is) */
export const contactRequest = (values: ContactValues): ContactRequest => ({
  name: values.name.trim(),
  email: values.email.trim(),
  phone: values.phone.trim(),
  message: values.message.trim(),
  website: values.website,
});

/** the server's per-field keys (`fields`), for the fields this form has */
function fieldErrors(fields: Record<string, string> | undefined): Partial<Record<ContactField, Msg>> {
  const errors: Partial<Record<ContactField, Msg>> = {};
  for (const field of CONTACT_FIELDS) if (fields?.[field]) errors[field] = msg(fields[field]);
  return errors;
}

/** a refused request: the failure's `fields` when the API kept them */
const failureFields = (error: unknown): Record<string, string> | undefined =>
  typeof error === 'object' && error !== null && 'fields' in error ? (error as { fields?: Record<string, string> }).fields : undefined;

/** a 4xx answer about what was sent (not the rate limit): the form is corrected, not retried */
export const isRefusal = (error: unknown): boolean =>
  isCallFailure(error) && error.kind === 'http' && error.status >= 400 && error.status < 500 && error.status !== 429 && error.error !== 'server_error';

/** spec 001 §8: a refusal shows its error (a key) or message */
function refusalMsg(error: string | undefined, message: string): Msg {
  return error ? msg(error, message || undefined) : message ? msg('contacts.failed', message) : msg('contacts.failed');
}

/** not reached or a server error: contacts.server_error; the rate limit has its own message */
function failureMsg(error: unknown): Msg {
  if (isCallFailure(error) && error.kind === 'http' && error.status === 429) return msg('contacts.rate_limited', error.message || undefined);
  return msg('contacts.server_error');
}

/**
 * The contact page (spec 001 §5, §7-8), signed out or in: the company's support email and phone
 * (GET /api/info, loaded beside the form), and the form: name, email, phone (at least 7
 * characters), message, each checked with its own key before sending; sent once (a second
 * submit while sending is not heard). The answer's return true is the success message; return
 * false (or a 4xx refusal) shows its error/message and keeps the form; a failure to reach the
 * server keeps everything and offers retry. `website` is the honeypot, sent as it is.
 */
export const contactFormMachine = setup({
  types: {} as { context: ContactFormContext; events: ContactFormEvent },
  actors: {
    loadInfo: fromPromise<SupportInfo>(notProvided('loadInfo')),
    sendContact: fromPromise<ContactResponse, ContactRequest>(notProvided('sendContact')),
  },
  actions: {
    change: assign(({ context }, params: { field: ContactField | 'website'; value: string }) => {
      const errors = { ...context.errors };
      if (params.field !== 'website') delete errors[params.field];
      return { values: { ...context.values, [params.field]: params.value }, errors, error: null };
    }),
    refuse: assign(({ context }, params: { errors: Partial<Record<ContactField, Msg>>; error: Msg | null }) => ({
      errors: params.errors,
      error: params.error,
      shakes: context.shakes + 1,
    })),
  },
  guards: {
    isInvalid: ({ context }) => Object.keys(contactErrors(context.values)).length > 0,
    accepted: (_, params: { answer: ContactResponse }) => params.answer.return,
    isRefusal: (_, params: { error: unknown }) => isRefusal(params.error),
  },
}).createMachine({
  id: 'contactForm',
  context: {
    values: { name: '', email: '', phone: '', message: '', website: '' },
    errors: {},
    error: null,
    result: null,
    info: null,
    shakes: 0,
  },
  type: 'parallel',
  states: {
    /** the support email and phone shown above the form */
    info: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadInfo',
            onDone: { target: 'shown', actions: assign({ info: ({ event }) => event.output }) },
            onError: 'unavailable',
          },
        },
        shown: {},
        unavailable: { on: { 'info.retry': 'loading' } },
      },
    },
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.change': { actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) } },
            'contact.submit': [
              { guard: 'isInvalid', meta: { spec: ['001 §5.12'] }, actions: { type: 'refuse', params: ({ context }) => ({ errors: contactErrors(context.values), error: null }) } },
              { target: 'sending', actions: assign({ errors: {}, error: null }) },
            ],
          },
        },
        /** one request; a second submit is not heard here */
        sending: {
          invoke: {
            src: 'sendContact',
            input: ({ context }) => contactRequest(context.values),
            onDone: [
              {
                guard: { type: 'accepted', params: ({ event }) => ({ answer: event.output }) },
                target: 'sent',
                actions: assign({ result: ({ event }) => msg('contacts.success', event.output.message || undefined) }),
              },
              /** return false: its error or message, the form kept */
              {
                target: 'editing',
                meta: { spec: ['001 §8.5'] },
                actions: { type: 'refuse', params: ({ event }) => ({ errors: fieldErrors(event.output.fields), error: refusalMsg(event.output.error, event.output.message) }) },
              },
            ],
            onError: [
              {
                guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
                target: 'editing',
                actions: {
                  type: 'refuse',
                  params: ({ event }) => {
                    const failure = event.error as { error: string; message: string };
                    return { errors: fieldErrors(failureFields(event.error)), error: refusalMsg(failure.error, failure.message) };
                  },
                },
              },
              /** not reached, a server error or the rate limit: everything kept, retry offered */
              { target: 'failed', actions: { type: 'refuse', params: ({ event }) => ({ errors: {}, error: failureMsg(event.error) }) } },
            ],
          },
        },
        /** return true: the success message; the message field is emptied for another one */
        sent: {
          on: {
            'contact.again': { target: 'editing', actions: assign({ result: null, values: ({ context }) => ({ ...context.values, message: '' }) }) },
          },
        },
        failed: {
          on: {
            'contact.retry': { target: 'sending', actions: assign({ error: null }) },
            'contact.submit': { target: 'sending', actions: assign({ error: null }) },
            'field.change': { target: 'editing', actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) } },
          },
        },
      },
    },
  },
});
