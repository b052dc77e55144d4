import type { Msg } from '../../core/message';

export type PasswordField = 'oldPassword' | 'password' | 'repeatPassword';

export interface PasswordInput {
  /** a stored google value (social sign-in) prefills the current password (spec 002 §3) */
  storedGoogle?: string;
  /** the account's email: the password policy refuses a password that contains it */
  login?: string;
}

export interface PasswordForm {
  oldPassword: string;
  password: string;
  repeatPassword: string;
  /** sign out the other devices (the form's box, ticked by default; issue 31 §2) */
  endOthers: boolean;
}

export interface PasswordContext {
  /** the prefill of the current password */
  prefill: string;
  /** the account's email, for the password policy (not a secret) */
  login: string;
  error: Msg | null;
  /** the first invalid field: the view moves the focus there */
  invalid: PasswordField | null;
  /** bumps on every failed submit, so the focus moves again and the message shakes */
  attempts: number;
  /** bumps when the form is cleared after a change */
  resets: number;
}

export type PasswordEvent = ({ type: 'form.submit' } & PasswordForm) | { type: 'form.edit' };
