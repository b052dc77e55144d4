import { assign, fromPromise, setup } from 'xstate';
import { RESET_TOKEN } from '../../core/contract/forgot';
import { failureMsg, isCallFailure } from '../../core/failure';
import { msg, type Msg } from '../../core/message';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem, passwordRules } from '../../core/password-policy';
import { notProvided } from '../shared/not-provided';
import type { PasswordResetContext, PasswordResetEvent, PasswordResetInput, ResetForm } from './password-reset.types';

const httpKey = (error: unknown): string | null => (isCallFailure(error) && error.kind === 'http' ? error.error : null);

/** the server's password-policy keys (the same rules the page checks as typed) */
const POLICY_PARAMS: Record<string, Record<string, number> | undefined> = {
  'register.required': undefined,
  'register.password_short': { min: PASSWORD_MIN },
  'register.password_long': { max: PASSWORD_MAX },
  'register.password_email': undefined,
  'register.password_common': undefined,
};

function policyMsg(error: unknown): Msg {
  const base = failureMsg(error, 'server_error');
  const params = POLICY_PARAMS[base.key];
  return params ? { ...base, params } : base;
}

/** The first problem of a submitted form, or null. The account's email is not known here: the server checks that rule. */
function formProblem(form: ResetForm): { field: 'password' | 'repeat'; text: Msg } | null {
  const problem = passwordProblem(form.password, '');
  if (problem) return { field: 'password', text: msg(problem.key, undefined, problem.params) };
  if (form.repeat !== form.password) return { field: 'repeat', text: msg('forget.mismatch') };
  return null;
}

const formOf = (event: PasswordResetEvent): ResetForm => (event.type === 'reset.submit' ? { password: event.password, repeat: event.repeat } : { password: '', repeat: '' });

/**
 * Forgot password, the reset page (/{lang}/reset?token=…): the link is checked first (without
 * using it up; opening the page changes nothing); a link that no longer works says so and
 * offers a new one. The new password's rules show as it is typed (the broker's one policy);
 * the two passwords must match; the reset is sent once; done says so and points to the login
 * (no automatic sign-in). A failure keeps what was typed for a retry.
 */
export const passwordResetMachine = setup({
  types: {} as { context: PasswordResetContext; events: PasswordResetEvent; input: PasswordResetInput },
  actors: {
    checkLink: fromPromise<{ expiresAt: string }, { token: string }>(notProvided('checkLink')),
    resetPassword: fromPromise<{ message: string }, { token: string; password: string }>(notProvided('resetPassword')),
  },
  actions: {
    refuse: assign((_, params: { error: Msg; invalid: 'password' | 'repeat' | null; shakes: number }) => ({ error: params.error, invalid: params.invalid, shakes: params.shakes + 1 })),
  },
  guards: {
    hasNoToken: ({ context }) => !RESET_TOKEN.test(context.token),
    isLinkRefusal: (_, error: unknown) => httpKey(error) === 'forget.link',
    isPolicyRefusal: (_, error: unknown) => (httpKey(error) ?? '') in POLICY_PARAMS,
    isPolicyProblem: ({ event }) => formProblem(formOf(event))?.field === 'password',
    isMismatch: ({ event }) => formProblem(formOf(event))?.field === 'repeat',
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({ token: input.token, rules: passwordRules('', ''), error: null, invalid: null, done: null, shakes: 0 }),
  initial: 'boot',
  states: {
    boot: { always: [{ guard: 'hasNoToken', target: 'invalidLink' }, { target: 'checkingLink' }] },
    /** is the link still good? (POST /api/forget/check: nothing is used up) */
    checkingLink: {
      invoke: {
        src: 'checkLink',
        input: ({ context }) => ({ token: context.token }),
        onDone: 'form',
        onError: [
          { guard: { type: 'isLinkRefusal', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'invalidLink' },
          { target: 'checkFailed', actions: assign({ error: ({ event }) => failureMsg(event.error, 'forget.failed') }) },
        ],
      },
    },
    /** the check could not be made: retry */
    checkFailed: { on: { 'link.retry': { target: 'checkingLink', actions: assign({ error: null }) } } },
    /** used, replaced, expired or unknown: ask for a new link */
    invalidLink: { type: 'final' },
    /** the new password twice, its rules as typed */
    form: {
      initial: 'editing',
      on: {
        'password.change': { target: '.editing', actions: assign({ rules: ({ event }) => passwordRules(event.value, ''), error: null, invalid: null }) },
        'repeat.change': { target: '.editing', actions: assign({ error: null, invalid: null }) },
        'reset.submit': [
          {
            guard: 'isPolicyProblem',
            target: '.editing',
            actions: { type: 'refuse', params: ({ context, event }) => ({ error: formProblem(formOf(event))!.text, invalid: 'password', shakes: context.shakes }) },
          },
          { guard: 'isMismatch', target: '.mismatch', actions: { type: 'refuse', params: ({ context }) => ({ error: msg('forget.mismatch'), invalid: 'repeat', shakes: context.shakes }) } },
          { target: 'sending', actions: assign({ error: null, invalid: null }) },
        ],
      },
      states: {
        editing: {},
        /** the two passwords differ: said beside the second field */
        mismatch: {},
        /** the server could not be reached or failed: what was typed stays in the form, submit again */
        failed: {},
      },
    },
    sending: {
      invoke: {
        src: 'resetPassword',
        input: ({ context, event }) => ({ token: context.token, password: formOf(event).password }),
        onDone: { target: 'done', actions: assign({ done: ({ event }) => msg('forget.done', event.output.message), error: null }) },
        onError: [
          { guard: { type: 'isLinkRefusal', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'invalidLink' },
          {
            guard: { type: 'isPolicyRefusal', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'form.editing',
            actions: { type: 'refuse', params: ({ context, event }) => ({ error: policyMsg(event.error), invalid: 'password', shakes: context.shakes }) },
          },
          { target: 'form.failed', actions: { type: 'refuse', params: ({ context, event }) => ({ error: failureMsg(event.error, 'forget.failed'), invalid: null, shakes: context.shakes }) } },
        ],
      },
    },
    /** changed everywhere, every session signed out: sign in again (two-factor still asked) */
    done: { type: 'final' },
  },
});
