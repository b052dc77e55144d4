import type { EventFrom, SnapshotFrom } from 'xstate';
import type { registerMachine } from '../../../machines/register/register.machine';
import type { RegisterFormField } from '../../../machines/register/register.types';
import { COUNTRIES, defaultPrefix, findCountry } from '../../../core/contract/countries';
import { prefixDigits, REGISTRATION_CURRENCIES } from '../../../core/contract/register';
import type { Msg } from '../../../core/message';
import { passwordRules, type PasswordRule } from '../../../core/password-policy';
import { errorIdOf, fieldProps, formProps, labelProps, submitProps } from '../shared/props';

type RegisterSnapshot = SnapshotFrom<typeof registerMachine>;

/** What the registration page needs from a snapshot. */
export const selectValues = (s: RegisterSnapshot) => s.context.values;
export const selectErrors = (s: RegisterSnapshot) => s.context.errors;
export const selectFormError = (s: RegisterSnapshot) => s.context.formError;
export const selectShakes = (s: RegisterSnapshot): number => s.context.shakes;
/** the form is being checked or sent: inputs stay as typed, the button shows progress */
export const selectBusy = (s: RegisterSnapshot): boolean => s.matches('validating') || s.matches('submitting') || s.matches('success');
export const selectSubmitting = (s: RegisterSnapshot): boolean => s.matches('submitting') || s.matches('success');
export const selectChecking = (s: RegisterSnapshot): boolean => s.matches({ editing: 'checking' });
export const selectUsNotice = (s: RegisterSnapshot): boolean => s.matches('usNotice');
/** the form opens a demo account (the server makes its login) */
export const selectDemo = (s: RegisterSnapshot): boolean => s.context.demo;
/** a demo account is open: its login, shown until the trader goes on to sign in ('' otherwise) */
export const selectDemoLogin = (s: RegisterSnapshot): string => (s.matches('demoOpened') || (s.matches('success') && s.context.demo) ? s.context.login : '');

/** The fields in the order of the page: the first refused one gets the focus. */
export const FIELD_ORDER: (RegisterFormField | 'usNotice' | 'terms')[] = ['country', 'state', 'currency', 'login', 'password', 'firstName', 'lastName', 'phone_prefix', 'phone', 'promo', 'usNotice', 'terms'];
export const firstBadField = (errors: Record<string, unknown>) => FIELD_ORDER.find((f) => f in errors);

export const CURRENCIES = REGISTRATION_CURRENCIES;

export interface CountryOption {
  iso: string;
  name: string;
}

/** The countries we open accounts for, named in the page's language, sorted for it. */
export function countryOptions(lang: string): CountryOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([lang], { type: 'region' });
  } catch {
    names = null;
  }
  return COUNTRIES.filter((c) => c.allowRegistration)
    .map((c) => ({ iso: c.iso, name: names?.of(c.iso) ?? c.name }))
    .sort((a, b) => a.name.localeCompare(b.name, lang));
}

/** The event of a country chosen: its default calling code comes with it. */
export const countryChange = (country: string) => ({ type: 'country.change' as const, country, prefix: defaultPrefix(country) });

/** with calling code 1 the phone is a 10-digit North American number */
export const isNanp = (prefix: string): boolean => prefixDigits(prefix) === '1';

export const countryKnown = (iso: string): boolean => findCountry(iso) !== undefined;

/** The password rules as the trader types: the broker's one policy (the same rules the server applies). */
export { passwordRules, type PasswordRule };

/** the element id of a field of the form (and of its message: `reg-{field}-error`) */
export const fieldId = (field: string): string => `reg-${field}`;

/** hints read with a field besides its message */
const HINTS: Partial<Record<RegisterFormField, string[]>> = {
  currency: [`${fieldId('currency')}-hint`],
  password: [`${fieldId('password')}-rules`],
  phone: [`${fieldId('phone')}-hint`],
};

export interface RegisterApi {
  values: ReturnType<typeof selectValues>;
  errors: ReturnType<typeof selectErrors>;
  formError: Msg | null;
  /** bumps on every refused submit: the message shakes, the first bad field gets the focus */
  shakes: number;
  /** checked or sent: the button rests */
  busy: boolean;
  /** sent: the fields rest, the button shows progress */
  submitting: boolean;
  /** a field is being asked of the server while the trader types on */
  checkingNote: boolean;
  /** the US notice is asked */
  usNotice: boolean;
  /** the form opens a demo account: no email field, the server makes the login */
  demo: boolean;
  /** a demo account is open: the login the server made ('' until then) */
  demoLogin: string;
  /** going on from the demo account's login to the sign-in */
  demoContinuing: boolean;
  /** the first field that needs a correction (the focus goes there) */
  firstBadField: RegisterFormField | 'usNotice' | 'terms' | undefined;
  /** the documents' box is ticked */
  terms: boolean;
  /** the documents' box: a checkbox, unticked at first, read with its message; the focus comes when it was the first refused */
  getTermsProps: () => {
    id: string;
    type: 'checkbox';
    checked: boolean;
    onChange: (e: { target: { checked: boolean } }) => void;
    'aria-invalid': boolean;
    'aria-describedby': string;
    'data-focus-on'?: string;
  };
  /** the hint under the documents' box */
  getTermsHintProps: () => { id: string };
  /** the password's rules for what is typed */
  rules: PasswordRule[];
  phoneHintKey: 'register.phone_hint_nanp' | 'register.phone_hint';
  change: (field: RegisterFormField, value: string) => void;
  blur: (field: RegisterFormField) => void;
  /** a country chosen: its default calling code comes with it */
  chooseCountry: (country: string) => void;
  submit: () => void;
  agreeUs: () => void;
  declineUs: () => void;
  /** open a demo account instead, or a real one again (everything typed is kept) */
  chooseDemo: () => void;
  leaveDemo: () => void;
  /** after the demo account's login is shown: sign in and open the trading page */
  continueDemo: () => void;
  /** the form: busy while checked or sent; a submit sends the values the flow holds */
  getFormProps: () => ReturnType<typeof formProps>;
  /**
   * A field: its id, value, message and hints, the change and blur events; after a refused
   * submit the first field to correct takes the focus (`focusField`, the one first refused then).
   */
  getFieldProps: (field: RegisterFormField) => ReturnType<typeof fieldProps> & { onBlur?: () => void; 'data-focus-on'?: string };
  getLabelProps: (field: RegisterFormField) => { htmlFor: string };
  /** a field's message (found by the field's aria-describedby; the form's message is the alert) */
  getErrorProps: (field: RegisterFormField | 'usNotice' | 'terms') => { id: string };
  getHintProps: (field: 'currency' | 'phone') => { id: string };
  getRulesProps: () => { id: string };
  getSubmitProps: () => ReturnType<typeof submitProps>;
  /** the form's refusal, announced at once */
  getFormErrorProps: () => { role: 'alert' };
  /** "checking…" while a field is asked of the server: read politely */
  getCheckingProps: () => { 'aria-live': 'polite' };
  /** the demo account's login, announced when it is there */
  getDemoOpenedProps: () => { role: 'status' };
}

/** The registration flow for its page. */
export function connectRegister(
  s: RegisterSnapshot,
  send: (event: EventFrom<typeof registerMachine>) => void,
  { focusField }: { focusField?: RegisterFormField | 'usNotice' | 'terms' } = {},
): RegisterApi {
  const values = s.context.values;
  const errors = s.context.errors;
  const busy = selectBusy(s);
  const getFieldProps = (field: RegisterFormField) => {
    const id = fieldId(field);
    // the country's message is read with it, and so is the US notice's (asked when a US resident is chosen)
    const describedBy = [...(field === 'country' && 'usNotice' in errors ? [errorIdOf(fieldId('usNotice'))] : []), ...(HINTS[field] ?? [])];
    const onValue = field === 'country' ? (v: string) => send(countryChange(v)) : (v: string) => send({ type: 'field.change', field, value: v });
    return {
      ...fieldProps({ id, name: field, value: values[field] ?? '', invalid: field in errors, describedBy, onValue }),
      // the state is checked with the form (no blur check)
      onBlur: field === 'state' ? undefined : () => send({ type: 'field.blur', field }),
      'data-focus-on': s.context.shakes > 0 && focusField === field ? `refused-${s.context.shakes}` : undefined,
    };
  };
  return {
    values,
    errors: s.context.errors,
    formError: s.context.formError,
    shakes: s.context.shakes,
    busy,
    submitting: selectSubmitting(s),
    checkingNote: selectChecking(s) && !busy,
    usNotice: selectUsNotice(s),
    demo: selectDemo(s),
    demoLogin: selectDemoLogin(s),
    demoContinuing: s.matches('success'),
    firstBadField: firstBadField(s.context.errors),
    terms: s.context.terms,
    getTermsProps: () => ({
      id: fieldId('terms'),
      type: 'checkbox',
      checked: s.context.terms,
      onChange: (e) => send({ type: 'terms.set', value: e.target.checked }),
      'aria-invalid': 'terms' in errors,
      // the hint (the documents open in a new tab), then the message when refused
      'aria-describedby': [`${fieldId('terms')}-hint`, ...('terms' in errors ? [errorIdOf(fieldId('terms'))] : [])].join(' '),
      'data-focus-on': s.context.shakes > 0 && focusField === 'terms' ? `refused-${s.context.shakes}` : undefined,
    }),
    rules: passwordRules(values.password, values.login),
    phoneHintKey: isNanp(values.phone_prefix) ? 'register.phone_hint_nanp' : 'register.phone_hint',
    change: (field, value) => send({ type: 'field.change', field, value }),
    blur: (field) => send({ type: 'field.blur', field }),
    chooseCountry: (country) => send(countryChange(country)),
    submit: () => send({ type: 'register.submit' }),
    agreeUs: () => send({ type: 'usNotice.agree' }),
    declineUs: () => send({ type: 'usNotice.decline' }),
    chooseDemo: () => send({ type: 'demo.choose' }),
    leaveDemo: () => send({ type: 'demo.leave' }),
    continueDemo: () => send({ type: 'demo.continue' }),
    getFormProps: () => formProps({ busy, onSubmit: () => send({ type: 'register.submit' }) }),
    getFieldProps,
    getLabelProps: (field) => labelProps(fieldId(field)),
    getErrorProps: (field) => ({ id: errorIdOf(fieldId(field)) }),
    getHintProps: (field) => ({ id: `${fieldId(field)}-hint` }),
    getTermsHintProps: () => ({ id: `${fieldId('terms')}-hint` }),
    getRulesProps: () => ({ id: `${fieldId('password')}-rules` }),
    getSubmitProps: () => submitProps({ busy }),
    getFormErrorProps: () => ({ role: 'alert' }),
    getCheckingProps: () => ({ 'aria-live': 'polite' }),
    getDemoOpenedProps: () => ({ role: 'status' }),
  };
}
