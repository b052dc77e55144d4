import { assign, fromPromise, setup } from 'xstate';
import { failureMsg, isCallFailure } from '../../core/failure';
import { msg, type Msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type {
  CheckFieldsInput,
  CheckFormInput,
  FieldErrors,
  FieldResult,
  RegisterContext,
  RegisterEvent,
  RegisterFailure,
  RegisterForm,
  RegisterInput,
  RegisterOpened,
  RegisterSubmission,
} from './register.types';

const EMPTY: RegisterForm = {
  country: '',
  currency: 'USD',
  login: '',
  password: '',
  firstName: '',
  lastName: '',
  phone_prefix: '',
  phone: '',
  promo: '',
  state: '',
};

/** the country whose residents must accept a notice before they register (spec 001 §5, §8) */
export const US = 'US';

/** server refusals that are about one field, and which field */
const FIELD_OF: Record<string, string> = {
  'register.email_taken': 'login',
  'register.us_notice_required': 'usNotice',
};

function fieldsOf(error: unknown): Record<string, string> {
  if (!isCallFailure(error) || error.kind !== 'http') return {};
  const fields = { ...((error as RegisterFailure & { fields?: Record<string, string> }).fields ?? {}) };
  const field = FIELD_OF[error.error];
  if (field) fields[field] = error.error;
  return fields;
}

const without = (errors: Record<string, Msg>, ...fields: string[]): Record<string, Msg> =>
  Object.fromEntries(Object.entries(errors).filter(([name]) => !fields.includes(name)));

/**
 * Registration (spec 001 §2–§5, §8; 000 §5): the form keeps everything typed; fields left once
 * are checked on blur (the email and phone by the server); the legal documents are accepted by an
 * unticked box (issue 30 §5: refused with the form's other fields while unticked); a submit checks the whole form, asks
 * US residents to accept the notice, then opens the account. Success hands the one-time key to
 * the autologin page, which signs in and opens /{lang}/trading#/home (or /{lang}/login).
 * A demo account (`demo`, spec 001 §3; 000 §6) has no email of the trader's: the server makes its
 * login at the site host, which is shown (with "sign in again with it and your password") before
 * the sign-in.
 */
export const registerMachine = setup({
  types: {} as { context: RegisterContext; events: RegisterEvent; input: RegisterInput },
  actors: {
    /** the rules of the whole form, before anything is sent */
    checkForm: fromPromise<FieldErrors, CheckFormInput>(notProvided('checkForm')),
    /** the fields left once (the server validates the email and the phone) */
    checkFields: fromPromise<FieldResult[], CheckFieldsInput>(notProvided('checkFields')),
    /** POST /api/register: the account, its platform account and an autologin key (and a demo account's login) */
    register: fromPromise<RegisterOpened, RegisterSubmission>(notProvided('register')),
  },
  actions: {
    /** app effect: full navigation to /{lang}/autologin?key=… */
    goToAutologin: (_, _params: { key: string }) => {},
    setValue: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      return { values: { ...context.values, [event.field]: event.value }, errors: without(context.errors, event.field), formError: null };
    }),
    setCountry: assign(({ context, event }) => {
      if (event.type !== 'country.change') return {};
      const changed = event.country !== context.values.country;
      return {
        values: { ...context.values, country: event.country, phone_prefix: changed ? event.prefix : context.values.phone_prefix, state: changed ? '' : context.values.state },
        errors: changed ? without(context.errors, 'country', 'usNotice', 'phone_prefix', 'phone', 'state') : context.errors,
        usAgreed: changed ? false : context.usAgreed,
        formError: null,
      };
    }),
    touch: assign(({ context, event }) =>
      event.type === 'field.blur' && !context.touched.includes(event.field) ? { touched: [...context.touched, event.field] } : {},
    ),
    /** results for values the trader has changed since are dropped */
    applyResults: assign(({ context }, results: FieldResult[]) => {
      let errors = context.errors;
      for (const r of results) {
        if (context.values[r.field] !== r.value) continue;
        errors = r.error ? { ...errors, [r.field]: r.error } : without(errors, r.field);
      }
      return { errors };
    }),
    refuse: assign(({ context }, params: { errors: FieldErrors; formError: Msg | null }) => ({
      errors: params.errors,
      formError: params.formError,
      touched: Object.keys(context.values) as RegisterContext['touched'],
      shakes: context.shakes + 1,
    })),
  },
  guards: {
    hasErrors: (_, errors: FieldErrors) => Object.keys(errors).length > 0,
    /** the answer names the login the server made: a demo account, shown before the sign-in */
    madeLogin: (_, opened: RegisterOpened) => typeof opened.login === 'string' && opened.login !== '',
    needsUsNotice: ({ context }) => context.values.country === US && !context.usAgreed,
    isFieldRefusal: (_, error: unknown) => Object.keys(fieldsOf(error)).length > 0,
    isNetwork: (_, error: unknown) => isCallFailure(error) && error.kind === 'network',
  },
}).createMachine({
  id: 'register',
  context: ({ input }) => ({
    values: { ...EMPTY, ...input.values },
    errors: {},
    formError: null,
    touched: [],
    usAgreed: false,
    terms: false,
    shakes: 0,
    key: '',
    demo: input.demo === true,
    login: '',
  }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      on: {
        'field.change': { actions: 'setValue' },
        'country.change': { actions: 'setCountry' },
        'terms.set': { actions: assign(({ context, event }) => ({ terms: event.value, errors: without(context.errors, 'terms'), formError: null })) },
        'field.blur': { target: '.checking', reenter: true, actions: 'touch' },
        'register.submit': { target: 'validating', actions: assign({ formError: null }) },
        // the email is the server's to make for a demo account: its error goes with it
        'demo.choose': { actions: assign(({ context }) => ({ demo: true, errors: without(context.errors, 'login'), formError: null })) },
        'demo.leave': { actions: assign({ demo: false, formError: null }) },
      },
      states: {
        idle: {},
        checking: {
          invoke: {
            src: 'checkFields',
            input: ({ context }) => ({
              values: context.values,
              fields: context.demo ? context.touched.filter((f) => f !== 'login') : context.touched,
              demo: context.demo,
            }),
            onDone: { target: 'idle', actions: { type: 'applyResults', params: ({ event }) => event.output } },
            // a check that could not run is not an error of the trader's: the submit checks again
            onError: { target: 'idle' },
          },
        },
      },
    },
    validating: {
      invoke: {
        src: 'checkForm',
        input: ({ context }) => ({ values: context.values, demo: context.demo, terms: context.terms }),
        onDone: [
          {
            guard: { type: 'hasErrors', params: ({ event }) => event.output },
            meta: { spec: ['001 §5.17', '000 §5.4'] },
            target: 'editing',
            actions: { type: 'refuse', params: ({ event }) => ({ errors: event.output, formError: msg('register.fix_fields') }) },
          },
          { guard: 'needsUsNotice', target: 'usNotice', meta: { spec: ['001 §4.21', '001 §5.18', '001 §8.18'] }, actions: assign({ errors: {} }) },
          { target: 'submitting', actions: assign({ errors: {} }) },
        ],
        onError: { target: 'editing', actions: { type: 'refuse', params: ({ context }) => ({ errors: context.errors, formError: msg('server_error') }) } },
      },
    },
    /** the blocking notice for US residents: accept to go on, or go back to the form */
    usNotice: {
      on: {
        'usNotice.agree': { target: 'submitting', actions: assign({ usAgreed: true }) },
        'usNotice.decline': {
          target: 'editing',
          actions: { type: 'refuse', params: ({ context }) => ({ errors: { ...context.errors, usNotice: msg('register.us_notice_required') }, formError: null }) },
        },
      },
    },
    submitting: {
      invoke: {
        src: 'register',
        input: ({ context }) => ({ values: context.values, usNotice: context.usAgreed, terms: context.terms, demo: context.demo }),
        onDone: [
          {
            guard: { type: 'madeLogin', params: ({ event }) => event.output },
            target: 'demoOpened',
            actions: assign(({ event }) => ({ key: event.output.key, login: event.output.login ?? '' })),
          },
          { target: 'success', meta: { spec: ['001 §4.20'] }, actions: assign(({ event }) => ({ key: event.output.key })) },
        ],
        onError: [
          {
            guard: { type: 'isFieldRefusal', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'editing',
            actions: [
              { type: 'refuse', params: ({ context, event }) => ({
                errors: { ...context.errors, ...Object.fromEntries(Object.entries(fieldsOf(event.error)).map(([f, key]) => [f, msg(key)])) },
                formError: msg('register.fix_fields'),
              }) },
              assign(({ context, event }) => ({ usAgreed: context.usAgreed && !('usNotice' in fieldsOf(event.error)) })),
            ],
          },
          {
            guard: { type: 'isNetwork', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'editing',
            actions: { type: 'refuse', params: ({ context }) => ({ errors: context.errors, formError: msg('login_error') }) },
          },
          {
            target: 'editing',
            actions: { type: 'refuse', params: ({ context, event }) => ({ errors: context.errors, formError: failureMsg(event.error, 'server_error') }) },
          },
        ],
      },
    },
    /** a demo account is open: its login is shown (the password is the one the trader chose), then the sign-in */
    demoOpened: {
      on: { 'demo.continue': { target: 'success' } },
    },
    /** the account is open: the autologin page signs in and opens the trading page */
    success: {
      type: 'final',
      entry: { type: 'goToAutologin', params: ({ context }) => ({ key: context.key }) },
    },
  },
});
