import { assign, fromPromise, setup } from 'xstate';
import { failureMsg, isCallFailure } from '../../core/failure';
import { msg, type Msg } from '../../core/message';
import { exclusionEnd, isExclusionChoice, kindOfChoice, type ExclusionChoice } from '../../core/self-exclusion';
import { notProvided } from '../shared/not-provided';
import type { ExcludeRequest, ExcludeResponse, SelfExclusionContext, SelfExclusionEvent, SelfExclusionField } from './self-exclusion.types';

export const SELF_EXCLUSION_FIELDS: readonly SelfExclusionField[] = ['choice', 'password'];

/** the server's key of a refused field: by `fields`, else by the refusal's own key */
const FIELD_OF_KEY: Readonly<Record<string, SelfExclusionField>> = { 'exclusion.choice': 'choice', 'exclusion.password': 'password' };

/** the fields the server refused (`fields` of a 400 or 401, or the refusal's key), each with its key and the server's message */
export function serverFieldErrors(error: unknown): Partial<Record<SelfExclusionField, Msg>> {
  if (!isCallFailure(error) || error.kind !== 'http') return {};
  const errors: Partial<Record<SelfExclusionField, Msg>> = {};
  const refusal = (key: string) => msg(key, key === error.error ? error.message || undefined : undefined);
  for (const field of SELF_EXCLUSION_FIELDS) {
    const key = error.fields?.[field];
    if (key) errors[field] = refusal(key);
  }
  const own = FIELD_OF_KEY[error.error];
  if (own && !errors[own]) errors[own] = refusal(error.error);
  return errors;
}

/** When the chosen break ends if it begins at `now` (core's rule), as the wire writes it. */
export const endOf = (choice: ExclusionChoice, now: number): string => exclusionEnd(choice, new Date(now)).toISOString();

/**
 * Take a break or exclude yourself (issue 30 §3; rules in core/self-exclusion.ts). The trader picks
 * how long (a timeout of 24 hours to 6 weeks, or a self-exclusion of 6 months to 5 years) and goes
 * on; the confirmation says what happens and until when (the end computed from the page's clock,
 * which the event brings: the machine reads none) and that it cannot be ended early, and asks the
 * password. One call: in force, every session has ended and the page goes to the sign-in page. A
 * wrong password marks the field (to be typed again); a refused choice goes back to the choices,
 * marked; too many tries, a lost connection or a server error is said with "Try again", the
 * choice kept and the password still in the page. "Change my choice" goes back to the choices.
 */
export const selfExclusionMachine = setup({
  types: {} as { context: SelfExclusionContext; events: SelfExclusionEvent },
  actors: {
    exclude: fromPromise<ExcludeResponse, ExcludeRequest>(notProvided('exclude')),
  },
  actions: {
    /** app effect: the platform's session ended too, then the sign-in page in the trader's language, saying the break has begun */
    leave: (_, _params: { kind: string; until: string }) => {},
    pick: assign(({ context }, params: { choice: ExclusionChoice }) => {
      const fieldErrors = { ...context.fieldErrors };
      delete fieldErrors.choice;
      return { choice: params.choice, fieldErrors, error: null };
    }),
    refuseChoice: assign(({ context }) => ({ fieldErrors: { choice: msg('pause.error.choice') }, shakes: context.shakes + 1 })),
    /** the end of the chosen break, from the page's clock */
    schedule: assign(({ context }, params: { now: number }) => {
      const choice = context.choice as ExclusionChoice;
      return { until: endOf(choice, params.now), kind: kindOfChoice(choice), fieldErrors: {}, error: null };
    }),
    refusePassword: assign(({ context }) => ({ fieldErrors: { password: msg('pause.error.password') }, error: null, shakes: context.shakes + 1 })),
    /** the password, held through the call only */
    holdPassword: assign((_, params: { password: string }) => ({ password: params.password, fieldErrors: {}, error: null })),
    forgetPassword: assign({ password: '' }),
    clearPasswordError: assign(({ context }) => {
      const fieldErrors = { ...context.fieldErrors };
      delete fieldErrors.password;
      return { fieldErrors, error: null };
    }),
    /** back to the choices: the confirmation's messages go */
    back: assign({ password: '', fieldErrors: {}, error: null }),
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
    fail: assign(({ context }, params: { error: unknown }) => ({ error: failureMsg(params.error, 'pause.failed'), shakes: context.shakes + 1 })),
    /** in force: the server's end and kind (a break already running may make it longer, never shorter) */
    takeResult: assign((_, params: { result: ExcludeResponse }) => ({ until: params.result.until, kind: params.result.kind })),
  },
  guards: {
    isChoice: (_, params: { choice: string }) => isExclusionChoice(params.choice),
    hasChoice: ({ context }) => context.choice !== '',
    noPassword: (_, params: { password: string }) => params.password === '',
    refusesPassword: (_, params: { error: unknown }) => 'password' in serverFieldErrors(params.error),
    refusesChoice: (_, params: { error: unknown }) => 'choice' in serverFieldErrors(params.error),
  },
}).createMachine({
  id: 'selfExclusion',
  context: {
    choice: '',
    until: null,
    kind: null,
    password: '',
    fieldErrors: {},
    error: null,
    shakes: 0,
    passwordResets: 0,
  },
  initial: 'choosing',
  states: {
    /** how long: a timeout or a self-exclusion, one of core's choices */
    choosing: {
      on: {
        'choice.pick': { guard: { type: 'isChoice', params: ({ event }) => ({ choice: event.choice }) }, actions: { type: 'pick', params: ({ event }) => ({ choice: event.choice as ExclusionChoice }) } },
        'choice.continue': [
          { guard: 'hasChoice', target: 'confirming', actions: { type: 'schedule', params: ({ event }) => ({ now: event.now }) } },
          { actions: 'refuseChoice' },
        ],
      },
    },
    /** what happens, until when, "it cannot be ended early", and the password */
    confirming: {
      on: {
        'password.edit': { actions: 'clearPasswordError' },
        'exclusion.confirm': [
          { guard: { type: 'noPassword', params: ({ event }) => ({ password: event.password }) }, actions: 'refusePassword' },
          { target: 'submitting', actions: { type: 'holdPassword', params: ({ event }) => ({ password: event.password }) } },
        ],
        'exclusion.back': { target: 'choosing', actions: 'back' },
      },
    },
    /** one request; the confirmation's buttons rest meanwhile */
    submitting: {
      invoke: {
        src: 'exclude',
        input: ({ context }) => ({ choice: context.choice, password: context.password }),
        onDone: { target: 'done', actions: [{ type: 'takeResult', params: ({ event }) => ({ result: event.output }) }, 'forgetPassword'] },
        onError: [
          // a wrong password: the field marked and emptied, the choice kept
          {
            guard: { type: 'refusesPassword', params: ({ event }) => ({ error: event.error }) },
            target: 'confirming',
            actions: ['forgetPassword', { type: 'refuseFields', params: ({ event }) => ({ error: event.error }) }],
          },
          // the server does not offer this choice: back to the choices, marked
          {
            guard: { type: 'refusesChoice', params: ({ event }) => ({ error: event.error }) },
            target: 'choosing',
            actions: ['forgetPassword', { type: 'refuseFields', params: ({ event }) => ({ error: event.error }) }],
          },
          // too many tries, a lost connection, a server error: said, with "Try again"
          { target: 'failed', actions: ['forgetPassword', { type: 'fail', params: ({ event }) => ({ error: event.error }) }] },
        ],
      },
    },
    /** the call failed: the message with "Try again" (the password as typed is still in the page) */
    failed: {
      on: {
        'password.edit': { target: 'confirming', actions: 'clearPasswordError' },
        'exclusion.confirm': [
          { guard: { type: 'noPassword', params: ({ event }) => ({ password: event.password }) }, target: 'confirming', actions: 'refusePassword' },
          { target: 'submitting', actions: { type: 'holdPassword', params: ({ event }) => ({ password: event.password }) } },
        ],
        'exclusion.back': { target: 'choosing', actions: 'back' },
      },
    },
    /** in force: every session has ended; the sign-in page says so */
    done: {
      type: 'final',
      entry: { type: 'leave', params: ({ context }) => ({ kind: context.kind ?? '', until: context.until ?? '' }) },
    },
  },
});
