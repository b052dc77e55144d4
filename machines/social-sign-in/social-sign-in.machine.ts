import { assign, fromPromise, setup } from 'xstate';
import { failureMsg, isCallFailure } from '../../core/failure';
import { msg, type Msg } from '../../core/message';
import { nameProblem, phoneProblem, prefixDigits, prefixProblem, REGISTRATION_CURRENCIES } from '../../core/contract/register';
import { usStateProblem } from '../../core/contract/us-states';
import { notProvided } from '../shared/not-provided';
import type { SocialContext, SocialEvent, SocialForm, SocialPendingOutput } from './social-sign-in.types';

const EMPTY: SocialForm = { country: '', state: '', currency: 'USD', firstName: '', lastName: '', phone_prefix: '', phone: '', usNotice: '', terms: '' };

/** Every problem of the remaining questions (the server checks them again and decides). */
export function socialProblems(v: SocialForm): Record<string, Msg> {
  const errors: Record<string, Msg> = {};
  if (!/^[A-Z]{2}$/.test(v.country)) errors.country = msg('register.country_required');
  const state = usStateProblem(v.country, v.state);
  if (state) errors.state = msg(state);
  if (v.country === 'US' && v.usNotice !== 'yes') errors.usNotice = msg('register.us_notice_required');
  if (v.terms !== 'yes') errors.terms = msg('register.terms_required');
  if (!(REGISTRATION_CURRENCIES as readonly string[]).includes(v.currency)) errors.currency = msg('register.currency_invalid');
  const first = nameProblem(v.firstName);
  if (first) errors.firstName = msg(first.key, undefined, first.params);
  const last = nameProblem(v.lastName);
  if (last) errors.lastName = msg(last.key, undefined, last.params);
  const prefix = prefixDigits(v.phone_prefix);
  const prefixBad = prefixProblem(prefix);
  if (prefixBad) errors.phone_prefix = msg(prefixBad.key);
  else {
    const phone = phoneProblem(prefix, v.phone);
    if (phone) errors.phone = msg(phone.key, undefined, phone.params);
  }
  return errors;
}

const fieldsOf = (error: unknown): Record<string, string> =>
  isCallFailure(error) && error.kind === 'http' && 'fields' in error && typeof error.fields === 'object' && error.fields !== null ? (error.fields as Record<string, string>) : {};
const isExpired = (error: unknown): boolean => isCallFailure(error) && error.kind === 'http' && (error.status === 410 || error.status === 404);

/**
 * Social sign-in, the return (docs/social-sign-in.md). The redirect to the identity
 * provider and the code exchange happen on the server (GET /api/oidc/start and /callback); a new
 * verified email comes back to /{lang}/register?social=1, where this machine runs: it loads the
 * verified identity (loading), asks the registration's remaining questions with the email locked
 * (details; refused fields stay beside their field), opens the account (submitting) and goes on to
 * the autologin (done). A sign-in that expired or failed shows 'Operation failed.Please try
 * again.' (failed, spec 001 §8) with the way back to the login page.
 */
export const socialSignInMachine = setup({
  types: {} as { context: SocialContext; events: SocialEvent },
  actors: {
    loadPending: fromPromise<SocialPendingOutput>(notProvided('loadPending')),
    register: fromPromise<{ url: string }, { values: SocialForm }>(notProvided('register')),
  },
  actions: {
    goToAutologin: (_, _params: { url: string }) => {},
    refuse: assign(({ context }, params: { errors: Record<string, Msg>; formError: Msg | null }) => ({ errors: params.errors, formError: params.formError, shakes: context.shakes + 1 })),
  },
  guards: {
    hasProblems: ({ context }) => Object.keys(socialProblems(context.values)).length > 0,
    isFieldRefusal: (_, error: unknown) => Object.keys(fieldsOf(error)).length > 0,
    isExpired: (_, error: unknown) => isExpired(error),
  },
}).createMachine({
  id: 'socialSignIn',
  context: { email: '', provider: '', values: EMPTY, errors: {}, formError: null, shakes: 0 },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPending',
        onDone: {
          target: 'details',
          actions: assign(({ event }) => ({
            email: event.output.email,
            provider: event.output.provider,
            values: { ...EMPTY, firstName: event.output.firstName, lastName: event.output.lastName },
          })),
        },
        onError: 'failed',
      },
    },
    details: {
      on: {
        'field.change': {
          actions: assign(({ context, event }) => {
            const values = { ...context.values, [event.field]: event.value.slice(0, 60) };
            if (event.field === 'country' && event.value !== 'US') Object.assign(values, { state: '', usNotice: '' });
            // another country: its calling code fills the prefix, as on the registration form
            const countryChanged = event.field === 'country' && event.value !== context.values.country;
            if (countryChanged && event.prefix) values.phone_prefix = event.prefix;
            const errors = { ...context.errors };
            if (countryChanged && event.prefix) delete errors.phone_prefix;
            delete errors[event.field];
            return { values, errors, formError: null };
          }),
        },
        'social.submit': [
          { guard: 'hasProblems', actions: { type: 'refuse', params: ({ context }) => ({ errors: socialProblems(context.values), formError: null }) } },
          { target: 'submitting', actions: assign({ errors: {}, formError: null }) },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'register',
        input: ({ context }) => ({ values: context.values }),
        onDone: { target: 'done', actions: { type: 'goToAutologin', params: ({ event }) => ({ url: event.output.url }) } },
        onError: [
          { guard: { type: 'isExpired', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'failed', meta: { spec: ['001 §8.19'] } },
          {
            guard: { type: 'isFieldRefusal', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'details',
            actions: {
              type: 'refuse',
              params: ({ event }) => ({ errors: Object.fromEntries(Object.entries(fieldsOf(event.error)).map(([field, key]) => [field, msg(key)])), formError: null }),
            },
          },
          { target: 'details', actions: { type: 'refuse', params: ({ event }) => ({ errors: {}, formError: failureMsg(event.error, 'server_error') }) } },
        ],
      },
    },
    /** the account is open: the autologin signs in */
    done: { type: 'final' },
    /** 'Operation failed.Please try again.' (spec 001 §8): the pending sign-in expired or was never there */
    failed: { type: 'final' },
  },
});
