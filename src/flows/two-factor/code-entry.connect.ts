import type { EventFrom } from 'xstate';
import type { twoFactorEntryMachine } from '../../../machines/two-factor/entry.machine';
import type { FactorType } from '../../../machines/two-factor/two-factor.types';
import type { Msg } from '../../../core/message';
import { selectCanResend, selectChecking, selectDisabled, selectResending, selectResendResting, type EntrySnapshot } from './two-factor.types';

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
}

/** The code entry for its view (login, withdrawal and the method choice show it). */
export function connectCodeEntry(s: EntrySnapshot, send: (event: EventFrom<typeof twoFactorEntryMachine>) => void): CodeEntryApi {
  const checking = selectChecking(s);
  const disabled = selectDisabled(s);
  const { digits, type } = s.context;
  const resendable = type !== 'google';
  return {
    digits,
    error: s.context.error,
    notice: s.context.error ? null : s.context.notice,
    failures: s.context.failures,
    checking,
    disabled,
    off: checking || disabled,
    firstEmpty: digits.indexOf(''),
    factorType: type,
    promptKey: `factor.prompt.${type}`,
    resendable,
    canResend: selectCanResend(s) && !disabled,
    resendLabel: selectResending(s) ? 'factor.resending' : 'factor.resend',
    resting: resendable && !disabled && selectResendResting(s),
    showsOutbox: resendable,
    input: (index, value) => {
      if (value.replace(/\D/g, '').length > 1) send({ type: 'code.paste', text: value });
      else if (value === '') send({ type: 'digit.clear', index });
      else send({ type: 'digit.input', index, value });
    },
    backspace: (index) => {
      if (digits[index] !== '' || index === 0) return false;
      send({ type: 'digit.clear', index: index - 1 });
      return true;
    },
    paste: (text) => send({ type: 'code.paste', text }),
    resend: () => send({ type: 'code.resend' }),
  };
}
