import { reportsMachine } from './reports.machine';
import type { MachineModel } from '../../machine-kit/types';

/** History and reports: valid and bad dates, filters, paging both ways, a failed load and its retry. */
export const reportsModel: MachineModel = {
  machine: reportsMachine,
  inputs: [
    { kind: 'reports', pageSize: 100, from: '20.11.2026', to: '21.11.2026' },
    { kind: 'history', pageSize: 999, from: '31.02.2026', to: '21.11.2026' },
  ],
  events: {
    'query.edit': [{ from: '32.01.2026' }, { from: '01.11.2026', to: '21.11.2026' }, { from: '22.11.2026', to: '21.11.2026' }],
    'query.status': [{ status: 'won' }],
    'query.filter': [{ filter: 'EURUSD' }],
  },
  actors: {
    loadPage: [
      { output: { rows: [{ id: 'a' }], total: 250 } },
      { output: { rows: [], total: 0 } },
      { error: { kind: 'network' } },
      { error: { kind: 'http', status: 503, error: 'platform.unavailable', message: 'The trading platform is not available.' } },
    ],
  },
  maxDepth: 4,
};
