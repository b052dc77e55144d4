import { supportInitMachine } from './support-init.machine';
import type { MachineModel } from '../../machine-kit/types';

export const supportInitData = {
  form: {
    departments: [{ id: '27', name: 'Support' }, { id: '62', name: 'Payments' }],
    priority: [{ id: '1', name: 'Normal' }, { id: '2', name: 'High' }],
    defaults: { page: '27', dialog: '62', priority: '1' },
    maxAttachments: 3,
    maxBytes: 10 * 1024 * 1024,
  },
  tickets: [],
  unread: 0,
};

/** Support init: success, a network failure tried again after the backoff (up to 3 attempts), a refusal at once, retry after giving up. */
export const supportInitModel: MachineModel = {
  machine: supportInitMachine,
  input: {},
  actors: {
    init: [{ output: supportInitData }, { error: { kind: 'network' } }, { error: { kind: 'http', status: 403, error: 'auth.forbidden', message: 'Not allowed.' } }],
  },
  maxDepth: 8,
};
