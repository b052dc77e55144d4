import { assign, fromPromise, setup } from 'xstate';
import { failureMsg, isCallFailure } from '../../core/failure';
import { msg, type Msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from '../../core/password-policy';
import type { PasswordContext, PasswordEvent, PasswordField, PasswordForm, PasswordInput } from './password.types';

/**
 * The first invalid field of a submitted form and its message, or null. The new password follows
 * the broker's one password policy (machines/shared/password-policy.ts), as at registration and
 * on the server; `login` is the account's email.
 */
export function firstInvalid(form: PasswordForm, login: string): { field: PasswordField; text: Msg } | null {
  if (form.oldPassword === '') return { field: 'oldPassword', text: msg('security.old_required') };
  const problem = passwordProblem(form.password, login);
  if (problem) return { field: 'password', text: msg(problem.key, undefined, problem.params) };
  if (form.repeatPassword !== form.password) return { field: 'repeatPassword', text: msg('security.repeat_mismatch') };
  return null;
}

/** which field a server refusal is about */
const FIELD_OF: Record<string, PasswordField> = {
  'security.old_wrong': 'oldPassword',
  'security.old_required': 'oldPassword',
  'register.required': 'password',
  'register.password_short': 'password',
  'register.password_long': 'password',
  'register.password_email': 'password',
  'register.password_common': 'password',
  'security.password_same': 'password',
  'security.repeat_mismatch': 'repeatPassword',
};

/** the parameters of the policy's texts, which a server refusal does not carry */
const POLICY_PARAMS: Record<string, Record<string, number>> = {
  'register.password_short': { min: PASSWORD_MIN },
  'register.password_long': { max: PASSWORD_MAX },
};
const refusalMsg = (error: unknown): Msg => {
  const base = failureMsg(error, 'server_error');
  const params = POLICY_PARAMS[base.key];
  return params ? { ...base, params } : base;
};

/**
 * Password change (spec 002 §3, §5, §8): oldPassword (prefilled from a stored google value),
 * password, repeatPassword. Submitted only when valid, else the focus goes to the first invalid
 * field. A failure shows the server message or the generic error. The passwords travel in the
 * submit event to the call and are never kept in the context.
 */
export const passwordChangeMachine = setup({
  types: {} as { context: PasswordContext; events: PasswordEvent; input: PasswordInput },
  actors: {
    changePassword: fromPromise<{ message: string }, PasswordForm>(notProvided('changePassword')),
  },
  actions: {
    /** app effect: a toast */
    notify: (_, _params: { text: Msg }) => {},
  },
  guards: {
    isInvalid: ({ context, event }) => event.type === 'form.submit' && firstInvalid(event, context.login) !== null,
    isFieldRefusal: (_, error: unknown) => isCallFailure(error) && error.kind === 'http' && error.error in FIELD_OF,
  },
}).createMachine({
  id: 'passwordChange',
  context: ({ input }) => ({ prefill: input.storedGoogle ?? '', login: input.login ?? '', error: null, invalid: null, attempts: 0, resets: 0 }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.edit': { actions: assign({ error: null }) },
        'form.submit': [
          {
            guard: 'isInvalid',
            meta: { spec: ['002 §5.1'] },
            actions: assign(({ context, event }) => {
              const found = firstInvalid(event as PasswordForm, context.login);
              return { error: found?.text ?? null, invalid: found?.field ?? null, attempts: context.attempts + 1 };
            }),
          },
          { target: 'submitting', actions: assign({ error: null, invalid: null }) },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'changePassword',
        input: ({ event }) => {
          const form = event as Extract<PasswordEvent, { type: 'form.submit' }>;
          return { oldPassword: form.oldPassword, password: form.password, repeatPassword: form.repeatPassword, endOthers: form.endOthers };
        },
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context }) => ({ prefill: '', resets: context.resets + 1 })),
            { type: 'notify', params: ({ event }) => ({ text: msg('security.changed', event.output.message) }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isFieldRefusal', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'editing',
            meta: { spec: ['002 §8.1'] },
            actions: assign(({ context, event }) => ({
              error: refusalMsg(event.error),
              invalid: isCallFailure(event.error) && event.error.kind === 'http' ? FIELD_OF[event.error.error] : null,
              attempts: context.attempts + 1,
            })),
          },
          { target: 'editing', meta: { spec: ['002 §8.1'] }, actions: assign(({ context, event }) => ({ error: failureMsg(event.error, 'server_error'), invalid: null, attempts: context.attempts + 1 })) },
        ],
      },
    },
  },
});
