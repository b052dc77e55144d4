import { referralStatsMachine } from './referral-stats.machine';
import type { MachineModel } from '../../machine-kit/types';

const stats = { DateFrom: 0, DateTo: 86_400_000, rows: [], total: { visits: 0, registrations: 0, first_deposits: 0 } };

/** The filter: shown, a new range or link applied, a backwards range refused, a failure retried. */
export const referralStatsModel: MachineModel = {
  machine: referralStatsMachine,
  input: { from: 0, to: 86_400_000 },
  events: {
    'range.change': [{ from: 0, to: 172_800_000 }, { from: 172_800_000, to: 0 }],
    'link.change': [{ link: 'abc' }],
  },
  actors: { filter: [{ output: stats }, { error: { kind: 'network' } }] },
  maxDepth: 5,
};
