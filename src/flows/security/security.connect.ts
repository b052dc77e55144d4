import type { EventFrom, SnapshotFrom } from 'xstate';
import type { passwordChangeMachine } from '../../../machines/security/password.machine';
import type { PasswordField, PasswordForm } from '../../../machines/security/password.types';
import type { twoFactorChoiceMachine } from '../../../machines/two-factor/choice.machine';
import type { FactorType } from '../../../machines/two-factor/two-factor.types';
import type { validationMachine } from '../../../machines/validation/validation.machine';
import { MAX_VALIDATION_TRIES } from '../../../machines/validation/validation.machine';
import type { Msg } from '../../../core/message';
import { passwordRules, type PasswordRule } from '../../../core/password-policy';
import { selectFactorChild, type EntryRef } from '../two-factor/two-factor.types';

type PasswordSnapshot = SnapshotFrom<typeof passwordChangeMachine>;
type ChoiceSnapshot = SnapshotFrom<typeof twoFactorChoiceMachine>;
type ValidationSnapshot = SnapshotFrom<typeof validationMachine>;

export const selectPasswordError = (s: PasswordSnapshot) => s.context.error;
export const selectInvalidField = (s: PasswordSnapshot) => s.context.invalid;
export const selectPasswordAttempts = (s: PasswordSnapshot) => s.context.attempts;
export const selectPasswordResets = (s: PasswordSnapshot) => s.context.resets;
export const selectPrefill = (s: PasswordSnapshot) => s.context.prefill;
export const selectPasswordBusy = (s: PasswordSnapshot): boolean => s.matches('submitting');
/** the new password's rules as the trader types: the broker's one policy, as on the register page */
export const selectPasswordLogin = (s: PasswordSnapshot) => s.context.login;
export { passwordRules };

export type ChoiceStep = 'idle' | 'confirmingCurrent' | 'requesting' | 'enteringCode' | 'google';
export const selectChoiceStep = (s: ChoiceSnapshot): ChoiceStep => {
  for (const step of ['confirmingCurrent', 'requesting', 'enteringCode', 'google'] as const) if (s.matches(step)) return step;
  return 'idle';
};
export const selectCurrentMethod = (s: ChoiceSnapshot) => s.context.current;
export const selectTarget = (s: ChoiceSnapshot) => s.context.target;
export const selectQr = (s: ChoiceSnapshot) => ({ uri: s.context.qr, secret: s.context.secret });
export const selectChannel = (s: ChoiceSnapshot) => s.context.channel;

export type ValidationStep = 'editing' | 'checking' | 'maxTries' | 'home';
export const selectValidationStep = (s: ValidationSnapshot): ValidationStep =>
  s.matches('checking') ? 'checking' : s.matches('maxTries') ? 'maxTries' : s.matches('home') || s.matches('success') ? 'home' : 'editing';
export const selectValidationValue = (s: ValidationSnapshot) => s.context.value;
export const selectValidationError = (s: ValidationSnapshot) => s.context.error;
export const selectAttemptsLeft = (s: ValidationSnapshot): number => Math.max(0, MAX_VALIDATION_TRIES - s.context.attempts);
export const selectResets = (s: ValidationSnapshot) => s.context.resets;

export interface PasswordApi {
  busy: boolean;
  error: Msg | null;
  /** the first invalid field: the view moves the focus there */
  invalid: PasswordField | null;
  /** bumps on every failed submit (the focus moves again, the message shakes again) */
  attempts: number;
  /** bumps on every success: the form is cleared */
  resets: number;
  /** the current password's prefill (a stored social sign-in value) */
  prefill: string;
  submitLabel: 'security.submitting' | 'security.submit';
  /** the new password's rules for what the trader typed */
  rules: (typed: string) => PasswordRule[];
  submit: (form: PasswordForm) => void;
  /** a field changed: a shown error goes away */
  edit: () => void;
}

export function connectPassword(s: PasswordSnapshot, send: (event: EventFrom<typeof passwordChangeMachine>) => void): PasswordApi {
  const busy = selectPasswordBusy(s);
  const { error, login } = s.context;
  return {
    busy,
    error,
    invalid: s.context.invalid,
    attempts: s.context.attempts,
    resets: s.context.resets,
    prefill: s.context.prefill,
    submitLabel: busy ? 'security.submitting' : 'security.submit',
    rules: (typed) => passwordRules(typed, login),
    submit: (form) => send({ type: 'form.submit', ...form }),
    edit: () => {
      if (error) send({ type: 'form.edit' });
    },
  };
}

/** The second-factor methods a trader can turn on, in the page's order. */
export const FACTOR_METHODS: readonly FactorType[] = ['email', 'google', 'sms'];

export interface FactorMethodRow {
  method: FactorType;
  on: boolean;
  /** google needs the email code first (shown while it is off) */
  needsEmail: boolean;
  actionLabel: 'security.factor.turn_off' | 'security.factor.turn_on';
  toggle: () => void;
}

export interface FactorChoiceApi {
  step: ChoiceStep;
  /** a change is on its way: the buttons rest */
  working: boolean;
  requesting: boolean;
  methods: FactorMethodRow[];
  /** the code entry of the dialog (undefined when no dialog) */
  factorEntry: EntryRef | undefined;
  dialogTitle: 'security.factor.current_title' | 'security.factor.google_title' | 'security.factor.code_title';
  /** the authenticator set-up (QR and key) is shown */
  googleSetup: { uri: string; secret: string } | null;
  cancel: () => void;
  /** the user's method changed elsewhere (another tab, a push) */
  sync: (current: FactorType | '') => void;
}

export function connectFactorChoice(s: ChoiceSnapshot, send: (event: EventFrom<typeof twoFactorChoiceMachine>) => void): FactorChoiceApi {
  const step = selectChoiceStep(s);
  const current = s.context.current;
  return {
    step,
    working: step !== 'idle',
    requesting: step === 'requesting',
    methods: FACTOR_METHODS.map((method) => {
      const on = current === method;
      return {
        method,
        on,
        needsEmail: method === 'google' && !on,
        actionLabel: on ? 'security.factor.turn_off' : 'security.factor.turn_on',
        toggle: () => send({ type: 'method.choose', method, enable: !on }),
      };
    }),
    factorEntry: selectFactorChild(s),
    dialogTitle: step === 'confirmingCurrent' ? 'security.factor.current_title' : step === 'google' ? 'security.factor.google_title' : 'security.factor.code_title',
    googleSetup: step === 'google' ? selectQr(s) : null,
    cancel: () => send({ type: 'factor.cancel' }),
    sync: (value) => send({ type: 'method.sync', current: value }),
  };
}

export interface ValidationApi {
  step: ValidationStep;
  checking: boolean;
  maxTries: boolean;
  /** validated: the page says so (and goes home) */
  validated: boolean;
  value: string;
  error: Msg | null;
  attemptsLeft: number;
  /** bumps on every wrong value: the input is cleared and gets the focus */
  resets: number;
  submitLabel: 'validate.checking' | 'validate.submit';
  change: (value: string) => void;
  submit: () => void;
}

export function connectValidation(s: ValidationSnapshot, send: (event: EventFrom<typeof validationMachine>) => void): ValidationApi {
  const step = selectValidationStep(s);
  return {
    step,
    checking: step === 'checking',
    maxTries: step === 'maxTries',
    validated: step === 'home',
    value: s.context.value,
    error: s.context.error,
    attemptsLeft: selectAttemptsLeft(s),
    resets: s.context.resets,
    submitLabel: step === 'checking' ? 'validate.checking' : 'validate.submit',
    change: (value) => send({ type: 'value.change', value }),
    submit: () => send({ type: 'value.submit' }),
  };
}
