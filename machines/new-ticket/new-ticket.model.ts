import { newTicketMachine } from './new-ticket.machine';
import { supportInitData } from '../support-init/support-init.model';
import { thread } from '../ticket-thread/ticket-thread.model';
import type { MachineModel } from '../../machine-kit/types';

const file = (name: string) => ({ name, size: 2048, type: 'image/png', data: null });

/** A new ticket: on the page (form given) or in the dialog (form read; about a payment), bounds, attachments, failure kept, success closing after 3500 ms, cancel. */
export const newTicketModel: MachineModel = {
  machine: newTicketMachine,
  inputs: [
    { department: '27', form: supportInitData.form, keySeed: 'seed0001' },
    { department: '62', keySeed: 'seed0002', dialog: true, about: { kind: 'payment', id: 'p-1' } },
  ],
  events: {
    'field.change': [
      { field: 'subject', value: 'Payment stuck' },
      { field: 'content', value: 'My card payment of 250 USD is pending.' },
      { field: 'subject', value: 's'.repeat(201) },
      { field: 'priority', value: '2' },
    ],
    'attachments.chosen': [{ files: [file('a.png'), file('b.png'), file('c.png'), file('d.png')] }],
    'attachment.stored': [{ slot: 'ticket.attachment.0', id: 'a-1' }],
    'attachment.remove': [{ slot: 'ticket.attachment.0' }],
  },
  actors: {
    loadForm: [{ output: supportInitData.form }, { error: { kind: 'network' } }],
    create: [{ output: thread() }, { error: { kind: 'http', status: 400, error: 'support.subject_too_long', message: 'The subject is too long.' } }],
  },
  maxDepth: 7,
};
