import { assign, fromPromise, setup } from 'xstate';
import { CLOSURE_RULES, isClosureReason } from '../../core/account-closure';
import { failureMsg, isCallFailure } from '../../core/failure';
import { msg, type Msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type {
  AccountClosureContext,
  AccountClosureEvent,
  CloseAccountRequest,
  CloseAccountResponse,
  ClosureField,
  ClosureStatus,
} from './account-closure.types';

export const CLOSURE_FIELDS: readonly ClosureField[] = ['reason', 'text', 'password'];

/**
 * The client's checks before sending (the server checks the same rules again, core/account-closure.ts):
 * a reason of the list; the trader's words at most CLOSURE_RULES.textMax characters, and with
 * "other" at least CLOSURE_RULES.otherMin; a password typed. One key per field.
 */
export function closureErrors(values: { reason: string; text: string; password: string }): Partial<Record<ClosureField, Msg>> {
  const errors: Partial<Record<ClosureField, Msg>> = {};
  const text = values.text.trim();
  if (!isClosureReason(values.reason)) errors.reason = msg('closure.error.reason');
  if (text.length > CLOSURE_RULES.textMax) errors.text = msg('closure.error.text_long', undefined, { max: CLOSURE_RULES.textMax });
  else if (values.reason === 'other' && text.length < CLOSURE_RULES.otherMin) errors.text = msg('closure.error.text_needed', undefined, { min: CLOSURE_RULES.otherMin });
  if (values.password === '') errors.password = msg('closure.error.password');
  return errors;
}

/** the server's key of a refused field: by `fields`, else by the refusal's own key */
const FIELD_OF_KEY: Readonly<Record<string, ClosureField>> = { 'closure.reason': 'reason', 'closure.text': 'text', 'closure.password': 'password' };

/** the rule's values a refusal's text names (the server sends none: they are core's) */
const RULE_PARAMS: Readonly<Record<string, Msg['params']>> = { 'closure.text': { min: CLOSURE_RULES.otherMin, max: CLOSURE_RULES.textMax } };

/** the fields the server refused (`fields` of a 400 or 401, or the refusal's key), each with its key and the server's message */
export function serverFieldErrors(error: unknown): Partial<Record<ClosureField, Msg>> {
  if (!isCallFailure(error) || error.kind !== 'http') return {};
  const errors: Partial<Record<ClosureField, Msg>> = {};
  const refusal = (key: string) => msg(key, key === error.error ? error.message || undefined : undefined, RULE_PARAMS[key]);
  for (const field of CLOSURE_FIELDS) {
    const key = error.fields?.[field];
    if (key) errors[field] = refusal(key);
  }
  const own = FIELD_OF_KEY[error.error];
  if (own && !errors[own]) errors[own] = refusal(error.error);
  return errors;
}

/** the server says something appeared meanwhile (a deposit, a trade): the status is read again */
const isBlocked = (error: unknown): boolean => isCallFailure(error) && error.kind === 'http' && error.error === 'closure.blocked';

/** what the closure sends: the reason, the trader's words trimmed, the password as typed */
export const closeRequest = (context: Pick<AccountClosureContext, 'reason' | 'text' | 'password'>): CloseAccountRequest => ({
  reason: context.reason,
  text: context.text.trim(),
  password: context.password,
});

/**
 * Close my account (issue 30 §8; rules in core/account-closure.ts). The status is read first
 * (again on a retry): while anything is left to settle (money, an open trade, a withdrawal
 * waiting, a deposit under way) the list says what, with "Check again"; when nothing is, the form:
 * a reason, the trader's own words (optional, needed with "other") and the password, checked
 * here before anything is sent. A confirmation ("This cannot be undone") comes before the one
 * call; "Keep my account" goes back to the form. Closed, the page goes to the sign-in page (every
 * session has ended). A wrong password marks the field (to be typed again); a refused field is
 * marked; something that appeared meanwhile (409 closure.blocked) reads the status again; any
 * other failure keeps the form with its message.
 */
export const accountClosureMachine = setup({
  types: {} as { context: AccountClosureContext; events: AccountClosureEvent },
  actors: {
    loadStatus: fromPromise<ClosureStatus>(notProvided('loadStatus')),
    closeAccount: fromPromise<CloseAccountResponse, CloseAccountRequest>(notProvided('closeAccount')),
  },
  actions: {
    /** app effect: the sign-in page in the trader's language, saying the account is closed */
    goToLogin: () => {},
    takeStatus: assign((_, params: { status: ClosureStatus }) => ({ blockers: params.status.blockers })),
    /** refused before sending: each bad field marked */
    refuse: assign(({ context }, params: { password: string }) => ({
      fieldErrors: closureErrors({ reason: context.reason, text: context.text, password: params.password }),
      error: null,
      shakes: context.shakes + 1,
    })),
    /** the password, held through the confirmation and the call only */
    holdPassword: assign((_, params: { password: string }) => ({ password: params.password, fieldErrors: {}, error: null })),
    forgetPassword: assign({ password: '' }),
    /** the server refused a field: marked; a wrong password is emptied, to be typed again */
    refuseFields: assign(({ context }, params: { error: unknown }) => {
      const fieldErrors = serverFieldErrors(params.error);
      return {
        fieldErrors,
        error: null,
        shakes: context.shakes + 1,
        passwordResets: fieldErrors.password ? context.passwordResets + 1 : context.passwordResets,
      };
    }),
    closeFailure: assign(({ context }, params: { error: unknown }) => ({ error: failureMsg(params.error, 'closure.failed'), shakes: context.shakes + 1 })),
  },
  guards: {
    hasBlockers: (_, params: { status: ClosureStatus }) => params.status.blockers.length > 0,
    isInvalid: ({ context }, params: { password: string }) =>
      Object.keys(closureErrors({ reason: context.reason, text: context.text, password: params.password })).length > 0,
    isBlocked: (_, params: { error: unknown }) => isBlocked(params.error),
    isFieldRefusal: (_, params: { error: unknown }) => Object.keys(serverFieldErrors(params.error)).length > 0,
  },
}).createMachine({
  id: 'accountClosure',
  context: {
    blockers: [],
    reason: '',
    text: '',
    password: '',
    fieldErrors: {},
    error: null,
    closedAt: null,
    shakes: 0,
    passwordResets: 0,
  },
  initial: 'loading',
  states: {
    /** what stops the closure now, read from the server */
    loading: {
      invoke: {
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'hasBlockers', params: ({ event }) => ({ status: event.output }) },
            target: 'blocked',
            actions: { type: 'takeStatus', params: ({ event }) => ({ status: event.output }) },
          },
          // nothing stops it: the form (what was typed before a 409 is still there)
          { target: 'ready', actions: [{ type: 'takeStatus', params: ({ event }) => ({ status: event.output }) }, assign({ error: null })] },
        ],
        onError: { target: 'loadFailed', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'closure.load_failed') })) },
      },
    },
    /** the status could not be read: said so, with a retry (nothing is closed blind) */
    loadFailed: { on: { retry: 'loading' } },
    /** something is left to settle: the list, each with its next step, and "Check again" */
    blocked: {
      on: { 'status.check': { target: 'loading', actions: assign({ error: null }) } },
    },
    /** the form, its confirmation and the one call */
    ready: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.change': {
              actions: assign(({ context, event }) => {
                const fieldErrors = { ...context.fieldErrors };
                delete fieldErrors[event.field];
                // a new reason may change what the words need ("other")
                if (event.field === 'reason') delete fieldErrors.text;
                // the words are kept a little past the limit, so the count and the message say by how much
                const value = event.field === 'reason' ? { reason: event.value } : { text: event.value.slice(0, CLOSURE_RULES.textMax * 2) };
                return { ...value, fieldErrors, error: null };
              }),
            },
            'password.edit': {
              actions: assign(({ context }) => {
                const fieldErrors = { ...context.fieldErrors };
                delete fieldErrors.password;
                return { fieldErrors };
              }),
            },
            'closure.submit': [
              { guard: { type: 'isInvalid', params: ({ event }) => ({ password: event.password }) }, actions: { type: 'refuse', params: ({ event }) => ({ password: event.password }) } },
              { target: 'confirming', actions: { type: 'holdPassword', params: ({ event }) => ({ password: event.password }) } },
            ],
          },
        },
        /** "This cannot be undone": Close my account, or Keep my account (back to the form) */
        confirming: {
          on: {
            'closure.confirm': 'closing',
            'closure.keep': { target: 'editing', actions: 'forgetPassword' },
          },
        },
        /** one request; the confirmation's buttons rest meanwhile */
        closing: {
          invoke: {
            src: 'closeAccount',
            input: ({ context }) => closeRequest(context),
            onDone: { target: '#accountClosure.closed', actions: [assign(({ event }) => ({ closedAt: event.output.closed_at })), 'forgetPassword'] },
            onError: [
              // something appeared meanwhile: the status again, and its list
              {
                guard: { type: 'isBlocked', params: ({ event }) => ({ error: event.error }) },
                target: '#accountClosure.loading',
                actions: ['forgetPassword', { type: 'closeFailure', params: ({ event }) => ({ error: event.error }) }],
              },
              // a wrong password, a reason or words refused: the field marked, the rest kept
              {
                guard: { type: 'isFieldRefusal', params: ({ event }) => ({ error: event.error }) },
                target: 'editing',
                actions: ['forgetPassword', { type: 'refuseFields', params: ({ event }) => ({ error: event.error }) }],
              },
              // too many tries, a lost connection, a server error: the form kept with the message
              { target: 'editing', actions: ['forgetPassword', { type: 'closeFailure', params: ({ event }) => ({ error: event.error }) }] },
            ],
          },
        },
      },
    },
    /** closed: every session has ended; the sign-in page says so */
    closed: { type: 'final', entry: 'goToLogin' },
  },
});
