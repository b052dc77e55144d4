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
import { codesPanel, type CodesPanelApi } from './recovery-codes.connect';
import { buttonProps, fieldErrorProps, fieldProps, formProps, regionProps, statusProps, submitProps, titleProps } from '../shared/props';

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

export type ChoiceStep = 'idle' | 'confirmingCurrent' | 'requesting' | 'enteringCode' | 'google' | 'showingCodes';
export const selectChoiceStep = (s: ChoiceSnapshot): ChoiceStep => {
  for (const step of ['confirmingCurrent', 'requesting', 'enteringCode', 'google', 'showingCodes'] as const) if (s.matches(step)) return step;
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
  /** the form's section, named by its heading */
  getRegionProps: () => ReturnType<typeof regionProps>;
  getTitleProps: () => ReturnType<typeof titleProps>;
  /** busy while sent; sent as the form's values; an edit takes a shown error away */
  getFormProps: () => ReturnType<typeof formProps> & { onChange: () => void };
  /**
   * A password field (its value stays in the page): refused or not, the new one read with its
   * rules; the first invalid field takes the focus, again on every failed submit (spec 002 §5).
   * `onValue`: the view's own copy of what is typed (the new password's rules).
   */
  getFieldProps: (field: PasswordField, onValue?: (value: string) => void) => ReturnType<typeof fieldProps> & { 'data-focus-on': string | undefined };
  /** the new password's rules, read with it */
  getRulesProps: () => { id: string };
  /** the message: the invalid field's (found by its `aria-describedby`), else the form's */
  getErrorProps: () => { id?: string; role: 'alert' };
  getSubmitProps: () => ReturnType<typeof submitProps>;
  /** "Sign out my other devices" (issue 31 §2): a box in the form, ticked by default; its value goes with the submit */
  getEndOthersProps: () => { type: 'checkbox'; id: string; name: 'endOthers'; defaultChecked: true; disabled: true | undefined };
}

const PASSWORD_RULES_ID = 'pw-rules';
const passwordFieldId = (field: PasswordField) => `pw-${field}`;

export function connectPassword(s: PasswordSnapshot, send: (event: EventFrom<typeof passwordChangeMachine>) => void): PasswordApi {
  const busy = selectPasswordBusy(s);
  const { error, login, invalid, attempts } = s.context;
  const edit = () => {
    if (error) send({ type: 'form.edit' });
  };
  const text = (values: FormData, name: PasswordField) => String(values.get(name) ?? '');
  return {
    getRegionProps: () => regionProps('pw-title'),
    getTitleProps: () => titleProps('pw-title'),
    getFormProps: () => ({
      ...formProps({
        busy,
        onSubmit: (values) => send({ type: 'form.submit', oldPassword: text(values, 'oldPassword'), password: text(values, 'password'), repeatPassword: text(values, 'repeatPassword'), endOthers: values.get('endOthers') !== null }),
      }),
      onChange: edit,
    }),
    getFieldProps: (field, onValue) => ({
      ...fieldProps({ id: passwordFieldId(field), name: field, invalid: invalid === field, describedBy: field === 'password' ? [PASSWORD_RULES_ID] : [], disabled: busy, onValue }),
      'data-focus-on': invalid === field ? `${field}-${attempts}` : undefined,
    }),
    getRulesProps: () => ({ id: PASSWORD_RULES_ID }),
    getErrorProps: () => (invalid ? fieldErrorProps(passwordFieldId(invalid)) : { role: 'alert' }),
    getSubmitProps: () => submitProps({ busy }),
    getEndOthersProps: () => ({ type: 'checkbox', id: 'pw-end-others', name: 'endOthers', defaultChecked: true, disabled: busy || undefined }),
    busy,
    error,
    invalid: s.context.invalid,
    attempts: s.context.attempts,
    resets: s.context.resets,
    prefill: s.context.prefill,
    submitLabel: busy ? 'security.submitting' : 'security.submit',
    rules: (typed) => passwordRules(typed, login),
    submit: (form) => send({ type: 'form.submit', ...form }),
    edit,
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
  /** the row's button: rests while a change is on its way */
  getToggleProps: () => ReturnType<typeof buttonProps>;
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
  /** the authenticator was just turned on: its recovery codes, shown once (null otherwise) */
  recoveryCodes: CodesPanelApi | null;
  /** "Sign out my other devices" when a change is saved (issue 31 §2): ticked until unticked, resting while a change is on its way */
  getEndOthersProps: () => { type: 'checkbox'; id: string; checked: boolean; disabled: true | undefined; onChange: (e: { currentTarget: { checked: boolean } }) => void };
  /** the authenticator is the method on: its recovery codes section is shown */
  authenticatorOn: boolean;
  cancel: () => void;
  /** the user's method changed elsewhere (another tab, a push) */
  sync: (current: FactorType | '') => void;
  /** the section, named by its heading, busy while a change is on its way */
  getRegionProps: () => ReturnType<typeof regionProps> & { 'aria-busy': true | undefined };
  getTitleProps: () => ReturnType<typeof titleProps>;
  /** the code is being requested: announced */
  getWorkingProps: () => { role: 'status' };
}

export function connectFactorChoice(s: ChoiceSnapshot, send: (event: EventFrom<typeof twoFactorChoiceMachine>) => void): FactorChoiceApi {
  const step = selectChoiceStep(s);
  const current = s.context.current;
  const working = step !== 'idle';
  return {
    getRegionProps: () => ({ ...regionProps('tf-title'), 'aria-busy': working || undefined }),
    getTitleProps: () => titleProps('tf-title'),
    getWorkingProps: () => ({ role: 'status' }),
    step,
    working,
    requesting: step === 'requesting',
    methods: FACTOR_METHODS.map((method) => {
      const on = current === method;
      const toggle = () => send({ type: 'method.choose', method, enable: !on });
      return {
        method,
        on,
        needsEmail: method === 'google' && !on,
        actionLabel: on ? 'security.factor.turn_off' : 'security.factor.turn_on',
        toggle,
        getToggleProps: () => buttonProps(toggle, { disabled: working }),
      };
    }),
    factorEntry: selectFactorChild(s),
    dialogTitle: step === 'confirmingCurrent' ? 'security.factor.current_title' : step === 'google' ? 'security.factor.google_title' : 'security.factor.code_title',
    googleSetup: step === 'google' ? selectQr(s) : null,
    recoveryCodes: step === 'showingCodes' ? codesPanel(s.context.recoveryCodes, send) : null,
    authenticatorOn: current === 'google',
    getEndOthersProps: () => ({
      type: 'checkbox',
      id: 'tf-end-others',
      checked: s.context.endOthers,
      disabled: working || undefined,
      onChange: (e) => send({ type: 'endOthers.set', value: e.currentTarget.checked }),
    }),
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
  /** the page's section, named by its heading */
  getRegionProps: () => ReturnType<typeof regionProps>;
  getTitleProps: () => ReturnType<typeof titleProps>;
  /** all attempts used: said at once */
  getMaxTriesProps: () => { role: 'alert' };
  /** validated: announced, and the focus goes there */
  getDoneProps: () => ReturnType<typeof statusProps>;
  getFormProps: () => ReturnType<typeof formProps>;
  /** the value: a wrong one is cleared and the field takes the focus again */
  getFieldProps: (field: 'value') => ReturnType<typeof fieldProps> & { 'data-focus-on': string | undefined };
  getErrorProps: () => ReturnType<typeof fieldErrorProps>;
  getSubmitProps: () => ReturnType<typeof submitProps>;
}

const VALIDATION_FIELD_ID = 'validate-value';

export function connectValidation(s: ValidationSnapshot, send: (event: EventFrom<typeof validationMachine>) => void): ValidationApi {
  const step = selectValidationStep(s);
  const checking = step === 'checking';
  const { resets } = s.context;
  const change = (value: string) => send({ type: 'value.change', value });
  const submit = () => send({ type: 'value.submit' });
  return {
    getRegionProps: () => regionProps('validate-title'),
    getTitleProps: () => titleProps('validate-title'),
    getMaxTriesProps: () => ({ role: 'alert' }),
    getDoneProps: () => statusProps({ focusOn: step === 'home' ? 'validated' : null }),
    getFormProps: () => formProps({ busy: checking, onSubmit: submit }),
    getFieldProps: (field) => ({
      ...fieldProps({ id: VALIDATION_FIELD_ID, name: field, value: s.context.value, invalid: s.context.error !== null, disabled: checking, onValue: change }),
      'data-focus-on': resets > 0 ? `wrong-${resets}` : undefined,
    }),
    getErrorProps: () => fieldErrorProps(VALIDATION_FIELD_ID),
    getSubmitProps: () => submitProps({ busy: checking }),
    step,
    checking,
    maxTries: step === 'maxTries',
    validated: step === 'home',
    value: s.context.value,
    error: s.context.error,
    attemptsLeft: selectAttemptsLeft(s),
    resets,
    submitLabel: step === 'checking' ? 'validate.checking' : 'validate.submit',
    change,
    submit,
  };
}
