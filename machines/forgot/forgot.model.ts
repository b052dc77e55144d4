import { forgotMachine } from './forgot.machine';
import type { MachineModel } from '../../machine-kit/types';

const http = (status: number, error: string, message = '') => ({ kind: 'http', status, error, message });

/** Forgot password, the ask: a malformed email, sent, the limits, the email refused by the server, a failure and its retry. */
export const forgotModel: MachineModel = {
  machine: forgotMachine,
  maxDepth: 7,
  events: {
    'email.change': [{ value: 'trader@example.com' }, { value: 'not-an-email' }],
  },
  actors: {
    askReset: [
      { output: { message: 'If an account exists for this email, we have sent it a link to choose a new password.' } },
      { error: http(429, 'forget.limited', 'Too many password reset requests for this email. Please try again in 15 minutes.') },
      { error: http(400, 'forget.email', 'Please enter a valid email address.') },
      { error: http(500, 'server_error') },
      { error: { kind: 'network' } },
    ],
  },
};
