import { callBackMachine } from './call-back.machine';
import type { MachineModel } from '../../machine-kit/types';

const http = (status: number, error: string, message = '') => ({ kind: 'http', status, error, message });

/** Call-back: open and close, a short phone refused before sending, sent, the server's refusal, a server error, the rate limit, a lost answer and its retry. */
export const callBackModel: MachineModel = {
  machine: callBackMachine,
  input: { keySeed: 'call-seed' },
  events: {
    'phone.change': [{ value: '+44 20 7946 0000' }, { value: '12345' }],
    'time.change': [{ value: 'evening' }],
  },
  actors: {
    requestCall: [
      { output: { ticket: 'T-1' } },
      { error: http(400, 'calls.error_phone', 'Please enter a valid phone number.') },
      { error: http(429, 'rate.limited', 'Too many requests. Try again later.') },
      { error: http(500, 'server_error', '') },
      { error: { kind: 'network' } },
    ],
  },
  maxDepth: 5,
};
