import { ticketThreadMachine } from './ticket-thread.machine';
import { summary } from '../ticket-list/ticket-list.model';
import type { MachineModel } from '../../machine-kit/types';

const message = (over: Record<string, unknown> = {}) => ({
  id: 'm-1',
  author: 'trader',
  name: 'T',
  content: 'My payment of 250 USD is stuck.',
  created_at: '2026-11-25T10:00:00.000Z',
  attachments: [],
  ...over,
});
export const thread = (over: Record<string, unknown> = {}) => ({ ticket: summary(over), messages: [message()] });
const file = (name: string) => ({ name, size: 2048, type: 'image/png', data: null });

/** One ticket: load (fail, retry), reply (bounds, attachments, failure kept, retry, reopen), close with the question (Yes, No, failure), a pushed agent reply. */
export const ticketThreadModel: MachineModel = {
  machine: ticketThreadMachine,
  input: { id: 't-1', keySeed: 'seed0001', maxAttachments: 1, maxBytes: 10 * 1024 * 1024 },
  events: {
    'reply.change': [{ value: 'Any news?' }, { value: '   ' }],
    'attachments.chosen': [{ files: [file('receipt.png'), file('second.png')] }],
    'attachment.stored': [{ slot: 'reply.attachment.0', id: 'a-1' }],
    'attachment.remove': [{ slot: 'reply.attachment.0' }],
    'ticket.updated': [{ id: 't-1', status: '2' }],
  },
  actors: {
    show: [{ output: thread({ status: 'Closed', status_id: 3 }) }, { output: thread() }, { error: { kind: 'network' } }],
    reply: [{ output: thread() }, { error: { kind: 'http', status: 429, error: 'rate.limited', message: 'Too many replies: try again in a minute.' } }],
    close: [{ output: thread({ status: 'Closed', status_id: 3 }) }, { error: { kind: 'network' } }],
  },
  maxDepth: 7,
};
