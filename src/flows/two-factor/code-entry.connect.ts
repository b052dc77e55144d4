import type { ClipboardEvent, KeyboardEvent } from 'react';
import type { EventFrom } from 'xstate';
import type { twoFactorEntryMachine } from '../../../machines/two-factor/entry.machine';
import type { FactorType } from '../../../machines/two-factor/two-factor.types';
import type { Msg } from '../../../core/message';
import { fieldProps, formProps, labelProps, submitProps } from '../shared/props';
import { selectCanResend, selectChecking, selectDisabled, selectPasskeyChecking, selectRecovery, selectRecoveryChecking, selectResending, selectResendResting, type EntrySnapshot } from './two-factor.types';

// its own module: the code entry's view loads with its first use, and so does this (the login page's budget)
export interface CodeEntryApi {
  digits: string[];
  error: Msg | null;
  notice: Msg | null;
  /** bumps on every failure: the focus returns to the first box, the message shakes again */
  failures: number;
  /** the code is being checked (or passed): the boxes rest */
  checking: boolean;
  /** too many wrong codes: the entry is disabled */
  disabled: boolean;
  /** the boxes take no input */
  off: boolean;
  /** the box the focus belongs in: the first empty one (-1 when all are filled) */
  firstEmpty: number;
  factorType: FactorType;
  promptKey: `factor.prompt.${FactorType}`;
  /** an emailed or texted code can be sent again (google's cannot) */
  resendable: boolean;
  canResend: boolean;
  resendLabel: 'factor.resending' | 'factor.resend';
  /** the resend link rests after a code went out (shown while not disabled) */
  resting: boolean;
  /** sandbox: the outbox link is shown for codes that are sent */
  showsOutbox: boolean;
  /** what one box received: a pasted code, a cleared box, or one digit */
  input: (index: number, value: string) => void;
  /** Backspace in box `index`: when it is empty the previous one is cleared (true: the focus moves back) */
  backspace: (index: number) => boolean;
  paste: (text: string) => void;
  resend: () => void;
  /** the six boxes as one group: the focus moves among them */
  getGroupProps: () => { role: 'group'; 'data-focus-scope': string };
  /**
   * Box `index`: its digit, the input, Backspace and paste handlers; the first empty box takes the
   * focus (again after each failure) while the code can be typed.
   */
  getDigitProps: (index: number) => {
    value: string;
    disabled: true | undefined;
    onChange: (e: { target: { value: string } }) => void;
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
    onPaste: (e: ClipboardEvent<HTMLInputElement>) => void;
    'data-focus-on': string | undefined;
    'data-focus-in': string;
    /** in a dialog, the box its opening focuses */
    'data-autofocus': '' | undefined;
  };
  /** "checking", and a notice: read politely; a refused code: at once */
  getCheckingProps: () => { role: 'status' };
  getNoticeProps: () => { role: 'status' };
  getErrorProps: () => { role: 'alert' };
  getResendProps: () => { type: 'button'; disabled: true | undefined; onClick: () => void };
  /** sign-in with the authenticator: a recovery code can replace it (issue 31 §4) */
  recoveryOffered: boolean;
  /** the recovery code's field is shown instead of the six boxes */
  recovery: boolean;
  /** the switch's words: to the recovery code, or back to the app */
  recoveryToggleLabel: 'factor.recovery_use' | 'factor.recovery_back';
  recoverySubmitLabel: 'factor.recovery_checking' | 'factor.recovery_submit';
  /** the switch between the six boxes and a recovery code (rests while a code is checked) */
  getRecoveryToggleProps: () => { type: 'button'; disabled: true | undefined; onClick: () => void; 'aria-controls': string };
  /** the recovery code's form: sent as typed; the field takes the focus when it opens and after a refusal */
  getRecoveryFormProps: () => ReturnType<typeof formProps> & { id: string };
  getRecoveryLabelProps: () => ReturnType<typeof labelProps>;
  getRecoveryFieldProps: () => ReturnType<typeof fieldProps> & { 'data-focus-on': string | undefined; 'data-focus-in': string; 'data-autofocus': '' };
  /** a refused recovery code: found by the field, said at once */
  getRecoveryErrorProps: () => { id: string; role: 'alert' };
  getRecoverySubmitProps: () => ReturnType<typeof submitProps>;
  /** sign-in by a trader with a passkey: it may stand in for the code (issue 31 §5) */
  passkeyOffered: boolean;
  /** the passkey is asked for and checked: the boxes rest */
  passkeyChecking: boolean;
  passkeyLabel: 'factor.passkey_checking' | 'factor.passkey_use';
  /** "Use a passkey instead" (busy while the browser asks for it and the server checks it) */
  getPasskeyProps: () => { type: 'button'; disabled: true | undefined; 'aria-busy': true | undefined; onClick: () => void };
}

const SCOPE = 'code-entry';
const RECOVERY_ID = 'recovery-code';
const RECOVERY_FORM_ID = 'recovery-form';

/** The code entry for its view (login, withdrawal and the method choice show it). */
export function connectCodeEntry(s: EntrySnapshot, send: (event: EventFrom<typeof twoFactorEntryMachine>) => void): CodeEntryApi {
  const checking = selectChecking(s);
  const disabled = selectDisabled(s);
  const passkeyChecking = selectPasskeyChecking(s);
  const { digits, type } = s.context;
  const resendable = type !== 'google';
  const off = checking || disabled || passkeyChecking;
  const firstEmpty = digits.indexOf('');
  const input = (index: number, value: string) => {
    if (value.replace(/\D/g, '').length > 1) send({ type: 'code.paste', text: value });
    else if (value === '') send({ type: 'digit.clear', index });
    else send({ type: 'digit.input', index, value });
  };
  const backspace = (index: number) => {
    if (digits[index] !== '' || index === 0) return false;
    send({ type: 'digit.clear', index: index - 1 });
    return true;
  };
  const canResend = selectCanResend(s) && !disabled;
  const resend = () => send({ type: 'code.resend' });
  const recovery = selectRecovery(s);
  const recoveryChecking = selectRecoveryChecking(s);
  const recoveryInvalid = recovery && s.context.error !== null;
  return {
    passkeyOffered: s.context.passkey && s.context.purpose === 'login' && !disabled,
    passkeyChecking,
    passkeyLabel: passkeyChecking ? 'factor.passkey_checking' : 'factor.passkey_use',
    getPasskeyProps: () => ({ type: 'button', disabled: checking || passkeyChecking || undefined, 'aria-busy': passkeyChecking || undefined, onClick: () => send({ type: 'passkey.use' }) }),
    recoveryOffered: type === 'google' && s.context.purpose === 'login' && !disabled,
    recovery,
    recoveryToggleLabel: recovery ? 'factor.recovery_back' : 'factor.recovery_use',
    recoverySubmitLabel: recoveryChecking ? 'factor.recovery_checking' : 'factor.recovery_submit',
    getRecoveryToggleProps: () => ({ type: 'button', disabled: checking || recoveryChecking || passkeyChecking || undefined, onClick: () => send({ type: 'recovery.toggle' }), 'aria-controls': recovery ? RECOVERY_FORM_ID : SCOPE }),
    getRecoveryFormProps: () => ({ ...formProps({ busy: recoveryChecking, onSubmit: () => send({ type: 'recovery.submit' }), scope: RECOVERY_FORM_ID }), id: RECOVERY_FORM_ID }),
    getRecoveryLabelProps: () => labelProps(RECOVERY_ID),
    getRecoveryFieldProps: () => ({
      ...fieldProps({ id: RECOVERY_ID, value: s.context.recoveryCode, invalid: recoveryInvalid, disabled: recoveryChecking, onValue: (value) => send({ type: 'recovery.input', value }) }),
      'data-focus-on': recovery && !recoveryChecking ? `recovery-${s.context.failures}` : undefined,
      'data-focus-in': RECOVERY_FORM_ID,
      'data-autofocus': '',
    }),
    getRecoveryErrorProps: () => ({ id: `${RECOVERY_ID}-error`, role: 'alert' }),
    getRecoverySubmitProps: () => submitProps({ busy: recoveryChecking }),
    digits,
    error: s.context.error,
    notice: s.context.error ? null : s.context.notice,
    failures: s.context.failures,
    checking,
    disabled,
    off,
    firstEmpty,
    factorType: type,
    promptKey: `factor.prompt.${type}`,
    resendable,
    canResend,
    resendLabel: selectResending(s) ? 'factor.resending' : 'factor.resend',
    resting: resendable && !disabled && selectResendResting(s),
    showsOutbox: resendable,
    input,
    // Backspace in an empty box clears the one before, which then takes the focus (the first empty one)
    backspace,
    paste: (text) => send({ type: 'code.paste', text }),
    resend,
    getGroupProps: () => ({ role: 'group', 'data-focus-scope': SCOPE }),
    getDigitProps: (index) => ({
      value: digits[index] ?? '',
      disabled: off || undefined,
      onChange: (e) => input(index, e.target.value),
      onKeyDown: (e) => {
        if (e.key === 'Backspace' && backspace(index)) e.preventDefault();
      },
      onPaste: (e) => {
        e.preventDefault();
        send({ type: 'code.paste', text: e.clipboardData.getData('text') });
      },
      'data-focus-on': index === firstEmpty && !off ? `box-${s.context.failures}-${index}` : undefined,
      'data-focus-in': SCOPE,
      'data-autofocus': index === firstEmpty && !off ? '' : undefined,
    }),
    getCheckingProps: () => ({ role: 'status' }),
    getNoticeProps: () => ({ role: 'status' }),
    getErrorProps: () => ({ role: 'alert' }),
    getResendProps: () => ({ type: 'button', disabled: !canResend || undefined, onClick: resend }),
  };
}
