import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { registerMachine } from '../../../machines/register/register.machine';
import type { FieldErrors, FieldResult, RegisterFormField } from '../../../machines/register/register.types';
import { msg, type Msg } from '../../../core/message';
import { CALLING_CODES, findCountry } from '../../../core/contract/countries';
import { prefixDigits, registrationProblems, type FieldProblem, type RegisterField } from '../../../core/contract/register';
import { usStateProblem } from '../../../core/contract/us-states';
import { checkRegisterField, register } from '../../api/register';
import { useSessionBasics } from '../shell/app.flow';
import { deviceFingerprint } from '../shared/fingerprint';
import { inspect } from '../shared/inspector';
import { buttonProps } from '../shared/props';
import { connectRegister, countryOptions, firstBadField } from './register.connect';
import { currentLang, FIRST_PARAM, goTo } from '../shell/navigation';

const toMsg = (problem: FieldProblem): Msg => msg(problem.key, undefined, problem.params);

/**
 * The rules of the whole form (the contract's, shared with the server) plus what the country
 * list knows: a country we do not serve and a calling code that does not exist.
 */
export function formProblems(values: Parameters<typeof registrationProblems>[0], options: { demo?: boolean } = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, problem] of Object.entries(registrationProblems(values)) as [RegisterField, FieldProblem][]) {
    // a demo account's login is made by the server (spec 000 §6): there is no email of the trader's to check
    if (options.demo && field === 'login') continue;
    errors[field] = toMsg(problem);
  }
  if (!errors.country && findCountry(values.country)?.allowRegistration === false) errors.country = msg('register.country_blocked');
  if (!errors.phone_prefix && !CALLING_CODES.has(prefixDigits(values.phone_prefix))) errors.phone_prefix = msg('register.phone_prefix_invalid');
  const state = errors.country ? null : usStateProblem(values.country, values.state);
  if (state) errors.state = msg(state);
  return errors;
}

/**
 * Server answers of the "server validate" call (spec 000 §5), by field, calling code and value:
 * a trader who leaves the same field again does not ask again (the checks are limited per network).
 */
const serverAnswers = new Map<string, Msg | null>();

async function serverCheck(field: 'login' | 'phone', value: string, prefix: string): Promise<Msg | null> {
  const id = `${field}|${prefix}|${value}`;
  const known = serverAnswers.get(id);
  if (known !== undefined) return known;
  const answer = await checkRegisterField({ field, em: value, ...(field === 'phone' && { prefix }) });
  const result = answer.error ? msg(answer.key ?? 'register.email_invalid', answer.message) : null;
  serverAnswers.set(id, result);
  return result;
}

/** The registration machine bound to the contract's rules and the server. */
export const registerFlow = registerMachine.provide({
  actors: {
    checkForm: fromPromise(async ({ input }) => ({
      ...formProblems(input.values, { demo: input.demo }),
      // issue 30 §5: the documents are accepted explicitly
      ...(!input.terms && { terms: msg('register.terms_required') }),
    })),
    checkFields: fromPromise(async ({ input }) => {
      const local = formProblems(input.values, { demo: input.demo });
      const prefix = prefixDigits(input.values.phone_prefix);
      return Promise.all(
        input.fields.map(async (field: RegisterFormField): Promise<FieldResult> => {
          const value = input.values[field] ?? '';
          let error: Msg | null = local[field] ?? null;
          // the email (taken?) and the phone (with prefix 1, a North American number) are asked of the server;
          // a check that cannot run refuses nothing (the submit is checked again), and the other fields still show
          if (!error && (field === 'login' || (field === 'phone' && !local.phone_prefix))) error = await serverCheck(field, value, prefix).catch(() => null);
          return { field, value, error };
        }),
      );
    }),
    register: fromPromise(async ({ input }) => {
      const { values, usNotice, terms, demo } = input;
      const answer = await register({
        ...values,
        phone_prefix: prefixDigits(values.phone_prefix),
        promo: values.promo.trim(),
        // a demo account: the server makes the login at the site host and answers it
        login: demo ? '' : values.login.trim(),
        ...(demo && { demo: true }),
        usNotice,
        terms,
        state: values.country === 'US' ? values.state : undefined,
        lang: currentLang(),
        csprint: await deviceFingerprint(),
      });
      return { key: answer.key, ...(answer.login && { login: answer.login }) };
    }),
  },
  actions: {
    // `first`: the autologin page opens /{lang}/trading?first=1#/home, the first visit's welcome (spec 001 §2)
    goToAutologin: (_, params) => goTo(`/${currentLang()}/autologin?key=${encodeURIComponent(params.key)}&${FIRST_PARAM}=1`),
  },
});

/**
 * The registration page's flow: a promo code from the address fills its field, ?demo=1 opens a
 * demo account; a trader who is signed in already (and not by this form) goes to the trading page.
 */
export function useRegister() {
  const [input] = useState(() => {
    const query = new URLSearchParams(window.location.search);
    const promo = query.get('promo') ?? '';
    // ?demo=1 (the login page's "Open a demo account"): the form opens a demo account
    return { values: promo ? { promo: promo.slice(0, 32) } : {}, demo: query.get('demo') === '1' };
  });
  const actor = useActorRef(registerFlow, { input, inspect });
  const snapshot = useSelector(actor, (s) => s);
  // the field first refused by the latest refused submit takes the focus; as the trader corrects the fields it stays put
  const [refused, setRefused] = useState<{ shakes: number; field: ReturnType<typeof firstBadField> }>({ shakes: 0, field: undefined });
  if (refused.shakes !== snapshot.context.shakes) setRefused({ shakes: snapshot.context.shakes, field: firstBadField(snapshot.context.errors) });
  const form = connectRegister(snapshot, actor.send, { focusField: refused.field });
  const [passwordShown, setPasswordShown] = useState(false);
  const session = useSessionBasics();
  const lang = currentLang();
  useEffect(() => {
    if (session.signedIn && !form.submitting && !form.demoLogin) goTo(`/${lang}/trading#/home`);
  }, [session.signedIn, lang, form.submitting, form.demoLogin]);
  const countries = useMemo(() => countryOptions(lang), [lang]);
  // sandboxDemo: the sandbox's seeded demo login, offered as a hint (not the demo account this form opens)
  return {
    ...form,
    countries,
    sandboxDemo: session.demoLogin,
    socialName: session.socialName,
    /** the password is shown as typed (the toggle beside it) */
    passwordShown,
    getPasswordToggleProps: () => buttonProps(() => setPasswordShown((v) => !v), { pressed: passwordShown }),
  };
}
