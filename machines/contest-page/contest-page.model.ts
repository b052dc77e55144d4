import type { MachineModel } from '../../machine-kit/types';
import { contestPageMachine, FILTER_MAX } from './contest-page.machine';

export const contest = (over: Record<string, unknown> = {}) => ({
  id: 'weekly-2026-11-23',
  type: 'weekly',
  date_start: '2026-11-23T00:00:00.000Z',
  date_end: '2026-11-30T00:00:00.000Z',
  status: 'open',
  rule: 'net_profit',
  currency: 'USD',
  prizes: [
    { kind: 'cash', amount: '10000.00', item: null },
    { kind: 'item', amount: null, item: 'ipad' },
  ],
  entries: [{ rank: 1, initials: 'A.L.', country: 'DE', profit: '30.00', trades: 2, prize: { kind: 'cash', amount: '10000.00', item: null }, you: true }],
  own: null,
  participants: 1,
  ...over,
});

/** The contest page: loaded or failed and retried; tabs first and last; the filter; a refresh. */
export const contestPageModel: MachineModel = {
  machine: contestPageMachine,
  inputs: [{}, { tab: 'last' }],
  events: {
    // a short filter, and one longer than the box keeps (cut to FILTER_MAX)
    filter: [{ value: 'DE' }, { value: 'D'.repeat(FILTER_MAX + 5) }],
  },
  actors: {
    load: [{ output: { current: [contest()], last: [contest({ id: 'weekly-2026-11-16', status: 'closed' })] } }, { error: { kind: 'network' } }],
  },
  maxDepth: 5,
};
