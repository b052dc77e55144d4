import type { CallFailure } from '../../core/failure';
import type { RegisterValues } from '../../core/contract/register';
import type { Msg } from '../../core/message';

/** The form as typed (spec 001 §3 registration fields; `login` is the email): the contract's values. */
export type RegisterForm = RegisterValues;

export type RegisterFormField = keyof RegisterForm;

export interface RegisterInput {
  /** prefilled values: the promo code of a link (?promo=…), a default currency */
  values?: Partial<RegisterForm>;
  /** open a demo account (a link's ?demo=1): the server makes the login, the trader chooses the rest */
  demo?: boolean;
}

export interface RegisterContext {
  /** everything typed, kept through every error (nothing is lost) */
  values: RegisterForm;
  /** per field (wire names, plus `usNotice`): what is wrong, as a key */
  errors: Record<string, Msg>;
  /** an error about the whole form (limits, the platform, the network) */
  formError: Msg | null;
  /** fields the trader has left once: re-checked on every blur */
  touched: RegisterFormField[];
  /** a US resident accepted the notice for US residents (reset when the country changes) */
  usAgreed: boolean;
  /** "I have read and accept the Client Agreement, Risk Disclosure and Privacy Notice" is ticked (issue 30 §5: unticked at first) */
  terms: boolean;
  /** bumps on every refused submit: the view shakes the message and focuses the first bad field */
  shakes: number;
  /** the one-time autologin key of the new account */
  key: string;
  /** a demo account (spec 000 §6, 001 §3 `demo`): virtual money, a login at the site host made by the server */
  demo: boolean;
  /** the login the server made for the demo account (shown before the sign-in, with the trader's own password) */
  login: string;
}

export type RegisterEvent =
  | { type: 'field.change'; field: RegisterFormField; value: string }
  | { type: 'field.blur'; field: RegisterFormField }
  /** a country chosen; `prefix` is its default calling code */
  | { type: 'country.change'; country: string; prefix: string }
  | { type: 'register.submit' }
  | { type: 'usNotice.agree' }
  /** the documents' box ticked or unticked */
  | { type: 'terms.set'; value: boolean }
  | { type: 'usNotice.decline' }
  /** the form opens a demo account instead (or a real one again); everything typed is kept */
  | { type: 'demo.choose' }
  | { type: 'demo.leave' }
  /** the demo account's login was shown: sign in and go to the trading page */
  | { type: 'demo.continue' };

/** the whole form's rules: a demo account has no email of the trader's to check */
export interface CheckFormInput {
  values: RegisterForm;
  demo: boolean;
  /** the documents are accepted: unticked is refused with the form's other problems */
  terms: boolean;
}

/** the per-field errors of a whole form (empty: it may be sent) */
export type FieldErrors = Record<string, Msg>;

export interface CheckFieldsInput {
  values: RegisterForm;
  fields: RegisterFormField[];
  demo: boolean;
}

/** one checked field: applied only if the field still holds `value` */
export interface FieldResult {
  field: RegisterFormField;
  value: string;
  error: Msg | null;
}

export interface RegisterSubmission {
  values: RegisterForm;
  usNotice: boolean;
  /** the documents accepted (the server records their current versions) */
  terms: boolean;
  demo: boolean;
}

/** the account is open: the autologin key, and for a demo account the login the server made */
export interface RegisterOpened {
  key: string;
  login?: string;
}

/** A failed registration call: a CallFailure, with the server's field keys on a 400. */
export type RegisterFailure = CallFailure | { kind: 'http'; status: number; error: string; message: string; fields?: Record<string, string> };
