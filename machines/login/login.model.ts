import { loginMachine } from './login.machine';
import type { MachineModel } from '../../machine-kit/types';

const http = (status: number, error: string, message = '') => ({ kind: 'http', status, error, message });

/** Login: the form, the platform step, the session step, the second factor, autologin. */
export const loginModel: MachineModel = {
  machine: loginMachine,
  // the form and the autologin page start the same machine
  inputs: [{}, { autologinKey: 'key-1' }],
  // `shakes` counts failures without end; five events deep reaches every state and transition
  maxDepth: 6,
  events: {
    'login.submit': [
      { email: 'trader@example.com', password: 'Trader-2026' },
      { email: '   ', password: '' },
    ],
  },
  actors: {
    loadAutologin: [{ output: { email: 'trader@example.com', password: 'al_ticket', redirect: '#/show/funding' } }, { error: http(404, 'not_found') }],
    platformLogin: [
      { output: { success: true, token: 'pf-token' } },
      { output: { success: false, code: 'invalid_credentials', message: 'Invalid login or password' } },
      { output: { success: false, code: 'locked', message: 'Too many attempts, try in 15 minutes' } },
      { output: { success: false, code: 'maintenance', message: 'Platform maintenance' } },
      { output: { success: false } },
      { error: { kind: 'network' } },
    ],
    sessionLogin: [
      { output: { ok: true, message: 'ok' } },
      { output: { ok: true, message: 'Enter your second factor.', factor: 'google' } },
      { error: http(401, 'login.password', 'Wrong email or password') },
      { error: http(429, 'login.locked', 'Too many attempts') },
      { error: { kind: 'network' } },
    ],
    twoFactorEntry: [{ output: {} }],
  },
};

