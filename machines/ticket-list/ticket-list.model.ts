import { ticketListMachine } from './ticket-list.machine';
import type { MachineModel } from '../../machine-kit/types';

export const summary = (over: Record<string, unknown> = {}) => ({
  id: 't-1',
  subject: 'My card payment is stuck',
  status: 'Open',
  status_id: 1,
  department: '27',
  priority: '1',
  activity: '2026-11-25T10:00:00.000Z',
  created_at: '2026-11-25T10:00:00.000Z',
  unread: false,
  about: null,
  ...over,
});

/** The ticket list: started from init's tickets or loaded, failed and retried, refreshed by push or the page, a ticket read. */
export const ticketListModel: MachineModel = {
  machine: ticketListMachine,
  inputs: [{}, { tickets: [summary({ unread: true }), summary({ id: 't-2', activity: '2026-11-26T10:00:00.000Z' })] }],
  events: {
    'ticket.updated': [{ id: 't-1', status: '2' }],
    'ticket.read': [{ id: 't-1' }],
  },
  actors: {
    list: [{ output: { tickets: [summary({ status: 'Answered', status_id: 2, unread: true })] } }, { error: { kind: 'network' } }],
  },
  maxDepth: 5,
};
