import type { Msg } from '../../core/message';
import type { PasswordRule } from '../../core/password-policy';

export interface PasswordResetInput {
  /** the token from the link's address ('' when there is none) */
  token: string;
}

export interface PasswordResetContext {
  token: string;
  /** the password policy's rules, met or not, as the visitor types (the password itself is not kept) */
  rules: PasswordRule[];
  /** what the view says: a field's problem, the refusal, the failure */
  error: Msg | null;
  /** which field the error is about */
  invalid: 'password' | 'repeat' | null;
  /** the server's answer once done */
  done: Msg | null;
  shakes: number;
}

/** The form's two fields travel in the submit event to the call; the view keeps what was typed. */
export interface ResetForm {
  password: string;
  repeat: string;
}

export type PasswordResetEvent =
  | { type: 'password.change'; value: string }
  | { type: 'repeat.change' }
  | ({ type: 'reset.submit' } & ResetForm)
  | { type: 'link.retry' };
