import { assign, fromPromise, setup } from 'xstate';
import { failureMsg, isCallFailure } from '../shared/failure';
import { msg, type Msg } from '../shared/message';
import { notProvided } from '../shared/not-provided';
import type { PasswordContext, PasswordEvent, PasswordField, PasswordForm, PasswordInput } from './password.types';

export const PASSWORD_MIN = 8;

/** the first invalid field of a submitted form and its message, or null */
export function firstInvalid(form: PasswordForm): { field: PasswordField; text: Msg } | null {
  if (form.oldPassword === '') return { field: 'oldPassword', text: msg('security.old_required') };
  if (form.password.length < PASSWORD_MIN) return { field: 'password', text: msg('security.password_short', undefined, { min: PASSWORD_MIN }) };
  if (!/[A-Za-z]/.test(form.password) || !/\d/.test(form.password)) return { field: 'password', text: msg('security.password_weak') };
  if (form.repeatPassword !== form.password) return { field: 'repeatPassword', text: msg('security.repeat_mismatch') };
  return null;
}

/** which field a server refusal is about */
const FIELD_OF: Record<string, PasswordField> = {
  'security.old_wrong': 'oldPassword',
  'security.old_required': 'oldPassword',
  'security.password_short': 'password',
  'security.password_weak': 'password',
  'security.password_same': 'password',
  'security.repeat_mismatch': 'repeatPassword',
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
    isInvalid: ({ event }) => event.type === 'form.submit' && firstInvalid(event) !== null,
    isFieldRefusal: (_, error: unknown) => isCallFailure(error) && error.kind === 'http' && error.error in FIELD_OF,
  },
}).createMachine({
  id: 'passwordChange',
  context: ({ input }) => ({ prefill: input.storedGoogle ?? '', error: null, invalid: null, attempts: 0, resets: 0 }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.edit': { actions: assign({ error: null }) },
        'form.submit': [
          {
            guard: 'isInvalid',
            actions: assign(({ context, event }) => {
              const found = firstInvalid(event as PasswordForm);
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
          return { oldPassword: form.oldPassword, password: form.password, repeatPassword: form.repeatPassword };
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
            actions: assign(({ context, event }) => ({
              error: failureMsg(event.error, 'server_error'),
              invalid: isCallFailure(event.error) && event.error.kind === 'http' ? FIELD_OF[event.error.error] : null,
              attempts: context.attempts + 1,
            })),
          },
          { target: 'editing', actions: assign(({ context, event }) => ({ error: failureMsg(event.error, 'server_error'), invalid: null, attempts: context.attempts + 1 })) },
        ],
      },
    },
  },
});
