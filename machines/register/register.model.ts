import { registerMachine } from './register.machine';
import type { MachineModel } from '../../machine-kit/types';

const http = (status: number, error: string, message = '', fields?: Record<string, string>) => ({
  kind: 'http',
  status,
  error,
  message,
  ...(fields && { fields }),
});

const filled = {
  country: 'DE',
  currency: 'EUR',
  login: 'anna@example.com',
  password: 'Long-enough-2026',
  firstName: 'Anna',
  lastName: 'Schmidt',
  phone_prefix: '49',
  phone: '1512 3456789',
  promo: '',
  state: '',
};

/**
 * Registration: an empty form and a filled one (DE, and US with its notice, and a demo account whose
 * login the server makes, shown before the sign-in); blur checks
 * (stale results dropped), a refused form, the US notice accepted or declined, and every kind of
 * server refusal.
 */
export const registerModel: MachineModel = {
  machine: registerMachine,
  inputs: [
    {},
    { values: filled },
    { values: { ...filled, country: 'US', phone_prefix: '1', phone: '202 555 0143', state: 'NY' } },
    { values: { ...filled, login: '' }, demo: true },
  ],
  // every field.change makes a new context: four events deep reaches every state and transition (a demo account's login is shown on the third, the sign-in follows)
  maxDepth: 4,
  events: {
    'field.change': [{ field: 'login', value: 'new@example.com' }],
    'field.blur': [{ field: 'login' }],
    'demo.choose': [{}],
    'demo.leave': [{}],
    'demo.continue': [{}],
    'terms.set': [{ value: true }],
    'country.change': [
      { country: 'US', prefix: '1' },
      { country: 'DE', prefix: '49' },
    ],
  },
  actors: {
    checkFields: [
      { output: [{ field: 'login', value: 'anna@example.com', error: { key: 'register.email_taken' } }] },
      { output: [{ field: 'login', value: 'anna@example.com', error: null }] },
      { error: { kind: 'network' } },
    ],
    checkForm: [
      { output: {} },
      { output: { password: { key: 'register.password_short', params: { min: 10 } } } },
      { output: { terms: { key: 'register.terms_required' } } },
      { error: new Error('rules failed') },
    ],
    register: [
      { output: { key: 'autologin-key' } },
      { output: { key: 'autologin-key', login: 'demo-0a1b2c3d4e@brokerage.test' } },
      { error: http(409, 'register.email_taken', 'An account with this email already exists.') },
      { error: http(400, 'validation', 'Please check these fields: usNotice.', { usNotice: 'register.us_notice_required' }) },
      { error: http(400, 'validation', 'Please check these fields: terms.', { terms: 'register.terms_required' }) },
      { error: http(429, 'register.limited', 'Too many registrations from your network.') },
      { error: { kind: 'network' } },
    ],
  },
};
