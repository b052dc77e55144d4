import { contactFormMachine } from './contact-form.machine';
import type { MachineModel } from '../../machine-kit/types';

const http = (status: number, error: string, message = '', fields?: Record<string, string>) => ({ kind: 'http', status, error, message, ...(fields && { fields }) });

/**
 * Contact form: the info loaded or not (and retried), a form filled in one step or refused field
 * by field, return true, return false, a 400 refusal with fields, the rate limit, a server error,
 * a lost answer and its retry.
 */
export const contactFormModel: MachineModel = {
  machine: contactFormMachine,
  events: {
    'field.change': [
      { field: 'name', value: 'Ann Lee' },
      { field: 'email', value: 'ann@example.com' },
      { field: 'phone', value: '+44 20 7946 0000' },
      { field: 'message', value: 'My card payment is stuck.' },
      { field: 'phone', value: '123' },
      { field: 'website', value: '' },
    ],
  },
  actors: {
    loadInfo: [{ output: { email: 'support@example.com', phone: '+1 555 0100' } }, { error: { kind: 'network' } }],
    sendContact: [
      { output: { return: true, message: 'Thank you, we will answer soon.' } },
      { output: { return: false, error: 'contacts.error_email', message: 'Please enter a valid email.' } },
      { error: http(400, 'contacts.invalid', 'Check the fields.', { phone: 'contacts.error_phone' }) },
      { error: http(429, 'rate.limited', 'Too many messages.') },
      { error: http(500, 'server_error') },
      { error: { kind: 'network' } },
    ],
  },
  maxDepth: 7,
};
