import { supportPageMachine } from './support-page.machine';
import { supportInitData } from '../support-init/support-init.model';
import { thread } from '../ticket-thread/ticket-thread.model';
import type { MachineModel } from '../../machine-kit/types';

/** The support page: init (gives up, retried), the list child, a thread opened, closed or left, a ticket created or the form left, pushed updates. */
export const supportPageModel: MachineModel = {
  machine: supportPageMachine,
  inputs: [{ keySeed: 'seed0001' }, { keySeed: 'seed0002', ticket: 't-1' }],
  events: {
    'init.failed': [{ error: { key: 'support.init_failed', params: { attempts: 3 } } }],
    'ticket.open': [{ id: 't-1' }],
    'ticket.updated': [{ id: 't-1', status: '2' }],
    'ticket.read': [{ id: 't-1' }],
  },
  actors: {
    init: [{ output: supportInitData }],
    thread: [{ output: { closed: true } }],
    compose: [{ output: { thread: thread() } }, { output: { thread: null } }],
  },
  maxDepth: 7,
};
