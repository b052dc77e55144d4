import { assign, fromPromise, setup } from 'xstate';
import { failureMsg, isCallFailure } from '../../core/failure';
import { msg, type Msg } from '../../core/message';
import { forgetEmailProblem } from '../../core/contract/forgot';
import { notProvided } from '../shared/not-provided';
import type { ForgotContext, ForgotEvent } from './forgot.types';

const isHttp = (error: unknown, test: (status: number, key: string) => boolean): boolean => isCallFailure(error) && error.kind === 'http' && test(error.status, error.error);

/** the server refused the email itself (its rule, or a field refusal of the contract) */
const EMAIL_KEYS = new Set(['forget.email', 'validation']);

/**
 * Forgot password, the ask (spec 001 §1-2, §7 `/api/forget`, §8 a refusal shows its error or
 * message): the visitor types an email; a malformed one is refused before anything is sent; the
 * server answers the same whether or not the email has an account (sent); too many asks are
 * refused with the server's message (rate limited); a failure keeps the email for a retry.
 */
export const forgotMachine = setup({
  types: {} as { context: ForgotContext; events: ForgotEvent },
  actors: {
    askReset: fromPromise<{ message: string }, { email: string }>(notProvided('askReset')),
  },
  actions: {
    refuse: assign((_, params: { error: Msg; shakes: number }) => ({ error: params.error, shakes: params.shakes + 1 })),
    change: assign({ email: ({ event }) => (event.type === 'email.change' ? event.value.slice(0, 254) : ''), error: null }),
  },
  guards: {
    isBadEmail: ({ context }) => forgetEmailProblem(context.email) !== null,
    isLimited: (_, error: unknown) => isHttp(error, (status) => status === 429),
    isEmailRefusal: (_, error: unknown) => isHttp(error, (status, key) => status === 400 && EMAIL_KEYS.has(key)),
  },
}).createMachine({
  id: 'forgot',
  context: { email: '', error: null, sent: null, shakes: 0 },
  initial: 'editing',
  on: { 'email.change': { target: '.editing', actions: 'change' } },
  states: {
    editing: {
      on: {
        'forgot.submit': [
          { guard: 'isBadEmail', target: 'invalidEmail', actions: { type: 'refuse', params: ({ context }) => ({ error: msg('forget.email'), shakes: context.shakes }) } },
          { target: 'sending', actions: assign({ error: null }) },
        ],
      },
    },
    /** the email is not an email address: said beside the field, nothing sent */
    invalidEmail: {
      on: {
        'forgot.submit': { actions: { type: 'refuse', params: ({ context }) => ({ error: msg('forget.email'), shakes: context.shakes }) } },
      },
    },
    sending: {
      on: { 'email.change': {} },
      invoke: {
        src: 'askReset',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: { target: 'sent', actions: assign({ sent: ({ event }) => msg('forget.sent', event.output.message), error: null }) },
        onError: [
          {
            guard: { type: 'isLimited', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'rateLimited',
            actions: { type: 'refuse', params: ({ context, event }) => ({ error: failureMsg(event.error, 'forget.limited'), shakes: context.shakes }) },
          },
          {
            guard: { type: 'isEmailRefusal', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'invalidEmail',
            actions: { type: 'refuse', params: ({ context }) => ({ error: msg('forget.email'), shakes: context.shakes }) },
          },
          { target: 'failed', actions: { type: 'refuse', params: ({ context, event }) => ({ error: failureMsg(event.error, 'forget.failed'), shakes: context.shakes }) } },
        ],
      },
    },
    /** the same answer for any email: look in the mailbox; another address may be asked for */
    sent: {
      on: { 'email.change': {}, 'forgot.again': { target: 'editing', actions: assign({ sent: null, error: null }) } },
    },
    /** too many asks: the server's message (when to try again); a retry asks the server again */
    rateLimited: {
      on: { 'forgot.retry': { target: 'sending', actions: assign({ error: null }) } },
    },
    /** not reached or a server error: the email is kept, retry */
    failed: {
      on: { 'forgot.retry': { target: 'sending', actions: assign({ error: null }) } },
    },
  },
});
