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
  /** sign-in: the trader has a passkey, which may stand in for the code (issue 31 §5; the server said so after the password) */
  passkey?: boolean;
}

export interface EntryContext extends EntryInput {
  passkey: boolean;
  /** six single digits, '' where empty */
  digits: string[];
  /** a recovery code as typed (sign-in with the authenticator only: it replaces the six digits) */
  recoveryCode: string;
  error: Msg | null;
  /** bumps on every failure so the view shakes the message and puts the focus back */
  failures: number;
  notice: Msg | null;
  /** google setup: what the email step returned, handed to the parent */
  qr: string;
  secret: string;
  /** google setup, its last step: the recovery codes the server made, handed to the parent */
  recoveryCodes: string[];
}

export type EntryEvent =
  | { type: 'digit.input'; index: number; value: string }
  | { type: 'digit.clear'; index: number }
  | { type: 'code.paste'; text: string }
  | { type: 'code.resend' }
  /** sign-in with the authenticator: switch between its six digits and a recovery code */
  | { type: 'recovery.toggle' }
  | { type: 'recovery.input'; value: string }
  | { type: 'recovery.submit' }
  /** sign-in, the trader has a passkey: it confirms in place of the code */
  | { type: 'passkey.use' };

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
  /** google setup, its last step: the recovery codes */
  recoveryCodes?: string[];
}

export interface CheckInput extends EntryInput {
  code: string;
  /** `code` is a recovery code in place of the authenticator (sign-in only) */
  recovery?: boolean;
}

/** what a finished entry hands to its parent */
export interface EntryOutput {
  qr?: string;
  secret?: string;
  recoveryCodes?: string[];
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
  /** google was saved: its recovery codes, shown once until the trader says they are saved */
  recoveryCodes: string[];
  /** "Sign out my other devices" when the change is saved (issue 31 §2): ticked unless unticked */
  endOthers: boolean;
}

export type ChoiceEvent =
  | { type: 'method.choose'; method: FactorType; enable: boolean }
  /** the trader closes a code dialog */
  | { type: 'factor.cancel' }
  /** the user changed elsewhere (another tab): follow its method */
  | { type: 'method.sync'; current: FactorType | '' }
  /** the "Sign out my other devices" box, ticked or unticked before a change */
  | { type: 'endOthers.set'; value: boolean }
  /** the recovery codes on screen: save them as a file, or say they are saved (they go away) */
  | { type: 'codes.download' }
  | { type: 'codes.saved' };

// ---- recovery codes on the security page -------------------------------------------------

/** GET /api/security/recovery_codes as the machine sees it */
export interface RecoveryStatus {
  on: boolean;
  left: number;
  createdAt: string | null;
}

export interface RecoveryContext {
  /** unused codes; null until loaded */
  left: number | null;
  createdAt: string | null;
  /** new codes, on screen until the trader says they are saved */
  codes: string[];
  error: Msg | null;
}

export type RecoveryEvent =
  /** make new codes (the authenticator's code is asked first) */
  | { type: 'codes.renew' }
  | { type: 'factor.cancel' }
  | { type: 'codes.download' }
  | { type: 'codes.saved' }
  | { type: 'status.retry' };

/** POST /api/fraud/two_factors as the machine sees it */
export interface SetFactorOutput {
  success: boolean;
  message: string;
  next: 'done' | 'code';
  channel?: 'email' | 'sms';
}
