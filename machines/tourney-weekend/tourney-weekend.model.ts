import type { MachineModel } from '../../machine-kit/types';
import { contest } from '../contest-page/contest-page.model';
import { tourneyWeekendMachine } from './tourney-weekend.machine';

/** The weekend modal: seen today (nothing), no weekend contest or a failed read (nothing), offered then closed or show more. */
export const tourneyWeekendModel: MachineModel = {
  machine: tourneyWeekendMachine,
  inputs: [
    { today: '2026-11-28', seenDay: null },
    { today: '2026-11-28', seenDay: '2026-11-28' },
  ],
  actors: {
    current: [{ output: [contest(), contest({ id: 'weekend-2026-11-23', type: 'weekend' })] }, { output: [contest()] }, { error: { kind: 'network' } }],
  },
};
