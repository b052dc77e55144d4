import { passwordResetMachine } from './password-reset.machine';
import type { MachineModel } from '../../machine-kit/types';

const http = (status: number, error: string, message = '') => ({ kind: 'http', status, error, message });
const TOKEN = 'A'.repeat(43);

/**
 * Password reset: a link without a token, the check (good, no longer valid, failed and its
 * retry), the rules as typed, each refused form (policy, mismatch), done, the server's refusals
 * (the link, the policy) and a failure keeping the form.
 */
export const passwordResetModel: MachineModel = {
  machine: passwordResetMachine,
  inputs: [{ token: TOKEN }, { token: '' }],
  maxDepth: 5,
  events: {
    'password.change': [{ value: 'Fresh-Reset-2026!' }, { value: 'short' }],
    'reset.submit': [
      { password: 'Fresh-Reset-2026!', repeat: 'Fresh-Reset-2026!' },
      { password: 'short', repeat: 'short' },
      { password: 'Fresh-Reset-2026!', repeat: 'Fresh-Reset-2027!' },
    ],
  },
  actors: {
    checkLink: [{ output: { expiresAt: '2026-01-01T00:30:00.000Z' } }, { error: http(410, 'forget.link', 'This link is no longer valid. Ask for a new one.') }, { error: { kind: 'network' } }],
    resetPassword: [
      { output: { message: 'Your password has been changed.' } },
      { error: http(410, 'forget.link', 'This link is no longer valid. Ask for a new one.') },
      { error: http(400, 'register.password_email', 'The password must not contain your email.') },
      { error: http(500, 'server_error') },
    ],
  },
};
