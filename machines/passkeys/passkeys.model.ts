import type { MachineModel } from '../../machine-kit/types';
import type { Passkey } from '../../core/contract/passkeys';
import { passkeysMachine } from './passkeys.machine';
import { passkeySignInMachine } from './sign-in.machine';

const key = (id: string, name: string): Passkey => ({ id, name, createdAt: '2026-12-01T10:00:00.000Z', lastUsedAt: null });
const LAPTOP = key('1', 'My laptop');

/**
 * Passkeys: read (one) or not (and retried); one to add (named) or refused by its name (before any
 * call), the listed one to remove (an unknown id is not); for either the password left empty
 * (said, not sent), wrong (the dialog stays), right (added or removed), refused by the browser or
 * lost on its way (the dialog closes and says why), or the dialog cancelled.
 */
export const passkeysModel: MachineModel = {
  machine: passkeysMachine,
  events: {
    'passkey.add': [{ name: 'Work phone' }, { name: '   ' }],
    'passkey.remove': [{ id: LAPTOP.id }, { id: '99' }],
    'password.submit': [{ password: 'Trader-2026' }, { password: '' }],
  },
  actors: {
    loadPasskeys: [{ output: [LAPTOP] }, { error: { kind: 'network' } }],
    addPasskey: [
      { output: [LAPTOP, key('2', 'Work phone')] },
      { error: { kind: 'http', status: 401, error: 'passkeys.password', message: 'The password is not right.' } },
      { error: { kind: 'http', status: 0, error: 'passkeys.cancelled', message: '' } },
    ],
    removePasskey: [{ output: [] }, { error: { kind: 'http', status: 401, error: 'passkeys.password', message: 'The password is not right.' } }, { error: { kind: 'network' } }],
  },
  maxDepth: 6,
};

/** Signing in with a passkey: it signs in (the page leaves), or it is refused and tried again. */
export const passkeySignInModel: MachineModel = {
  machine: passkeySignInMachine,
  events: {},
  actors: {
    signIn: [{ output: { url: '/en/autologin?key=abc' } }, { error: { kind: 'http', status: 401, error: 'passkey.invalid', message: 'This passkey could not sign you in.' } }],
  },
  maxDepth: 4,
};
