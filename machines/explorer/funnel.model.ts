import { funnelMachine } from './funnel.machine';
import type { MachineModel } from '../../machine-kit/types';

const filter = { from: '2026-03-01', to: '2026-03-07', country: '', lang: '', device: '', cohort: '' };
const machine = { machine: 'cascade', from: '2026-03-01', to: '2026-03-07', total: 3, transitions: [{ id: 'cascade.a:go:0', from: 'cascade.a', to: 'cascade.b', count: 3 }], states: [], series: [], countries: [] };

/** The explorer's funnel: opens a machine, reads, fails, refuses a wrong range before asking, changes the filter, closes. */
export const explorerFunnelModel: MachineModel = {
  machine: funnelMachine,
  events: {
    'funnel.open': [
      { machineId: 'cascade', filter },
      { machineId: 'login', filter },
      { machineId: 'cascade', filter: { ...filter, from: '2026-03-08' } },
    ],
    'funnel.filter': [{ filter: { ...filter, device: 'phone' } }, { filter: { ...filter, to: '2026-12-31' } }],
  },
  actors: {
    loadFunnel: [{ output: { machine, cascade: null } }, { error: { kind: 'http', status: 400, error: 'funnel.range_long', message: 'A range is at most 92 days.' } }, { error: { kind: 'network' } }],
  },
};
