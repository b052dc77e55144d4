import type { MachineModel } from '../../machine-kit/types';
import { contest } from '../contest-page/contest-page.model';
import { tourneyWeekendMachine } from './tourney-weekend.machine';

/** The weekend modal: seen today (nothing), no weekend contest or a failed read (nothing), offered then closed or show more. */
export const tourneyWeekendModel: MachineModel = {
  machine: tourneyWeekendMachine,
  inputs: [
    { today: '2026-11-28', seenDay: null, now: Date.parse('2026-11-28T12:00:00Z') },
    { today: '2026-11-28', seenDay: '2026-11-28', now: Date.parse('2026-11-28T12:00:00Z') },
  ],
  actors: {
    current: [
      { output: [contest(), contest({ id: 'weekend-2026-11-28', type: 'weekend', date_start: '2026-11-28T00:00:00.000Z' })] },
      // a weekend contest not started yet, and none at all: nothing offered
      { output: [contest({ id: 'weekend-later', type: 'weekend', date_start: '2026-12-05T00:00:00.000Z', date_end: '2026-12-07T00:00:00.000Z' })] },
      { output: [contest()] },
      { error: { kind: 'network' } },
    ],
  },
};
