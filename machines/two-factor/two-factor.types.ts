import type { Msg } from '../../core/message';

export type FactorType = 'email' | 'google' | 'sms';
/** what the second factor is asked for (the server keeps one code or grant per purpose) */
export type FactorPurpose = 'login' | 'withdrawal' | 'change' | 'setup';

export const CODE_LENGTH = 6;

export interface EntryInput {
  type: FactorType;
  purpose: FactorPurpose;
  /** send an email/SMS code as the entry opens (nothing sent it yet: a method change); otherwise the step that opened it just sent one */
  send?: boolean;
}

export interface EntryContext extends EntryInput {
  /** six single digits, '' where empty */
  digits: string[];
  error: Msg | null;
  /** bumps on every failure so the view shakes the message and puts the focus back */
  failures: number;
  notice: Msg | null;
  /** google setup: what the email step returned, handed to the parent */
  qr: string;
  secret: string;
}

export type EntryEvent =
  | { type: 'digit.input'; index: number; value: string }
  | { type: 'digit.clear'; index: number }
  | { type: 'code.paste'; text: string }
  | { type: 'code.resend' };

/** POST /api/fraud/factors_check as the machine sees it */
export interface CheckOutput {
  success: boolean;
  message: string;
  disabled: boolean;
  /** translation key of a failure ('factor.wrong', 'factor.locked') */
  error?: string;
  /** attempts left after a wrong code */
  left?: number;
  /** google setup after the email step */
  qr?: string;
  secret?: string;
}

export interface CheckInput extends EntryInput {
  code: string;
}

/** what a finished entry hands to its parent */
export interface EntryOutput {
  qr?: string;
  secret?: string;
}

// ---- choosing the method ---------------------------------------------------------------

export interface ChoiceInput {
  /** the user's method now, '' when none */
  current: FactorType | '';
}

export interface ChoiceContext {
  current: FactorType | '';
  /** the method being switched on or off */
  target: FactorType | null;
  /** true: switch `target` on; false: off */
  enable: boolean;
  /** where the setup code was sent */
  channel: 'email' | 'sms' | null;
  /** google: the otpauth:// URI shown as a QR, and the secret as text */
  qr: string;
  secret: string;
}

export type ChoiceEvent =
  | { type: 'method.choose'; method: FactorType; enable: boolean }
  /** the trader closes a code dialog */
  | { type: 'factor.cancel' }
  /** the user changed elsewhere (another tab): follow its method */
  | { type: 'method.sync'; current: FactorType | '' };

/** POST /api/fraud/two_factors as the machine sees it */
export interface SetFactorOutput {
  success: boolean;
  message: string;
  next: 'done' | 'code';
  channel?: 'email' | 'sms';
}
