import { twoFactorChoiceMachine } from './choice.machine';
import { twoFactorEntryMachine } from './entry.machine';
import { recoveryCodesMachine } from './recovery.machine';
import type { MachineModel } from '../../machine-kit/types';

const http = (status: number, error: string, message = '') => ({ kind: 'http', status, error, message });

/** Code entry: typing (digits only), clearing, a pasted code, wrong / disabled / accepted, resend for email only, the first code sent by the entry itself; a recovery code at an authenticator sign-in; a passkey in place of the code at a sign-in. */
export const twoFactorEntryModel: MachineModel = {
  machine: twoFactorEntryMachine,
  inputs: [
    { type: 'email', purpose: 'login' },
    { type: 'google', purpose: 'setup' },
    // a method change: nothing sent a code yet, the entry sends it
    { type: 'email', purpose: 'change', send: true },
    // a sign-in with the authenticator: a recovery code may replace it
    { type: 'google', purpose: 'login' },
    // a sign-in by a trader with a passkey: it may stand in for the code
    { type: 'email', purpose: 'login', passkey: true },
  ],
  // failures count without end; seven events deep reaches every state and transition (a recovery code: switch, type, send, answer)
  maxDepth: 7,
  events: {
    'digit.input': [
      { index: 0, value: '4' },
      { index: 1, value: 'x' },
    ],
    'digit.clear': [{ index: 0 }],
    'code.paste': [{ text: '12 34 56' }, { text: '7' }],
    'recovery.input': [{ value: 'k7m2p-x9q4r' }, { value: '  ' }],
  },
  actors: {
    checkCode: [
      { output: { success: true, message: 'Confirmed.', disabled: false } },
      { output: { success: true, message: 'Confirmed.', disabled: false, qr: 'otpauth://totp/Brokerage:a?secret=ABC', secret: 'ABC' } },
      { output: { success: false, message: 'Wrong code. 4 attempts left.', disabled: false, error: 'factor.wrong', left: 4 } },
      { output: { success: false, message: 'Wrong code.', disabled: false } },
      { output: { success: true, message: 'Saving Successfully', disabled: false, recoveryCodes: ['k7m2p-x9q4r', 'a2b3c-d4e5f'] } },
      { output: { success: false, message: 'This recovery code is wrong or was already used. 4 attempts left.', disabled: false, error: 'factor.recovery_invalid', left: 4 } },
      { output: { success: false, message: 'Too many wrong codes.', disabled: true, error: 'factor.locked' } },
      { error: { kind: 'network' } },
    ],
    resendCode: [{ output: { success: true } }, { error: http(429, 'factor.resend_wait', 'Wait 20 s') }],
    checkPasskey: [
      { output: { success: true, message: 'Signed in.', disabled: false } },
      { output: { success: false, message: 'Your passkey could not confirm this sign-in. 3 attempts left.', disabled: false, error: 'factor.passkey_invalid', left: 3 } },
      { output: { success: false, message: 'Too many wrong codes.', disabled: true, error: 'factor.locked' } },
      { error: { kind: 'http', status: 0, error: 'passkeys.cancelled', message: '' } },
    ],
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
    'endOthers.set': [{ value: false }],
  },
  actors: {
    setFactor: [
      { output: { success: true, next: 'code', channel: 'email', message: 'We sent a code' } },
      { output: { success: true, next: 'done', message: 'Saving Successfully' } },
      { output: { success: false, next: 'done', message: 'Refused' } },
      { error: http(403, 'factor.required', 'Confirm first') },
    ],
    twoFactorEntry: [{ output: {} }, { output: { qr: 'otpauth://totp/Brokerage:a?secret=ABC', secret: 'ABC' } }, { output: { recoveryCodes: ['k7m2p-x9q4r', 'a2b3c-d4e5f'] } }],
  },
};

/** Recovery codes on the security page: the count (or a retry), new codes after the authenticator's code, shown until saved; refusals. */
export const recoveryCodesModel: MachineModel = {
  machine: recoveryCodesMachine,
  maxDepth: 6,
  events: {},
  actors: {
    loadStatus: [{ output: { on: true, left: 7, createdAt: '2026-05-01T10:00:00.000Z' } }, { error: { kind: 'network' } }],
    issueCodes: [{ output: { codes: ['k7m2p-x9q4r', 'a2b3c-d4e5f'] } }, { error: http(403, 'factor.required', 'Confirm with your current second factor first.') }],
    twoFactorEntry: [{ output: {} }],
  },
};
