import { socialSignInMachine } from './social-sign-in.machine';
import type { MachineModel } from '../../machine-kit/types';

const http = (status: number, error: string, message = '', fields?: Record<string, string>) => ({ kind: 'http', status, error, message, ...(fields && { fields }) });
const pending = { email: 'new-1a2b3c4d@example.com', firstName: 'Nina', lastName: 'New', provider: 'Sandbox ID' };

/** Social sign-in, the return: the identity loaded or expired; the remaining questions refused, sent, refused by the server, failed, expired. */
export const socialSignInModel: MachineModel = {
  machine: socialSignInMachine,
  maxDepth: 8,
  events: {
    'field.change': [
      { field: 'country', value: 'DE', prefix: '49' },
      { field: 'phone_prefix', value: '49' },
      { field: 'phone', value: '1512 3456789' },
      { field: 'country', value: 'US', prefix: '1' },
      { field: 'terms', value: 'yes' },
    ],
  },
  actors: {
    loadPending: [{ output: pending }, { error: http(410, 'social.expired', 'This sign-in has expired. Please start again.') }],
    register: [
      { output: { url: '/en/autologin?key=abc' } },
      { error: http(400, 'validation', 'Please check these fields: state (choose your state).', { state: 'register.state_required' }) },
      { error: http(410, 'social.expired', 'This sign-in has expired. Please start again.') },
      { error: { kind: 'network' } },
    ],
  },
};
