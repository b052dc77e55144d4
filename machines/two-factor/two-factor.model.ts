import { twoFactorChoiceMachine } from './choice.machine';
import { twoFactorEntryMachine } from './entry.machine';
import type { MachineModel } from '../../machine-kit/types';

const http = (status: number, error: string, message = '') => ({ kind: 'http', status, error, message });

/** Code entry: typing (digits only), clearing, a pasted code, wrong / disabled / accepted, resend for email only, the first code sent by the entry itself. */
export const twoFactorEntryModel: MachineModel = {
  machine: twoFactorEntryMachine,
  inputs: [
    { type: 'email', purpose: 'login' },
    { type: 'google', purpose: 'setup' },
    // a method change: nothing sent a code yet, the entry sends it
    { type: 'email', purpose: 'change', send: true },
  ],
  // failures count without end; five events deep reaches every state and transition
  maxDepth: 5,
  events: {
    'digit.input': [
      { index: 0, value: '4' },
      { index: 1, value: 'x' },
    ],
    'digit.clear': [{ index: 0 }],
    'code.paste': [{ text: '12 34 56' }, { text: '7' }],
  },
  actors: {
    checkCode: [
      { output: { success: true, message: 'Confirmed.', disabled: false } },
      { output: { success: true, message: 'Confirmed.', disabled: false, qr: 'otpauth://totp/Brokerage:a?secret=ABC', secret: 'ABC' } },
      { output: { success: false, message: 'Wrong code. 4 attempts left.', disabled: false, error: 'factor.wrong', left: 4 } },
      { output: { success: false, message: 'Wrong code.', disabled: false } },
      { output: { success: false, message: 'Too many wrong codes.', disabled: true, error: 'factor.locked' } },
      { error: { kind: 'network' } },
    ],
    resendCode: [{ output: { success: true } }, { error: http(429, 'factor.resend_wait', 'Wait 20 s') }],
  },
};

/** Method choice: nothing to change, current factor first, email code, google secret then first code, failures. */
export const twoFactorChoiceModel: MachineModel = {
  machine: twoFactorChoiceMachine,
  inputs: [{ current: '' }, { current: 'email' }],
  maxDepth: 6,
  events: {
    'method.choose': [
      { method: 'google', enable: true },
      { method: 'email', enable: true },
      { method: 'email', enable: false },
    ],
    'method.sync': [{ current: 'sms' }],
  },
  actors: {
    setFactor: [
      { output: { success: true, next: 'code', channel: 'email', message: 'We sent a code' } },
      { output: { success: true, next: 'done', message: 'Saving Successfully' } },
      { output: { success: false, next: 'done', message: 'Refused' } },
      { error: http(403, 'factor.required', 'Confirm first') },
    ],
    twoFactorEntry: [{ output: {} }, { output: { qr: 'otpauth://totp/Brokerage:a?secret=ABC', secret: 'ABC' } }],
  },
};
