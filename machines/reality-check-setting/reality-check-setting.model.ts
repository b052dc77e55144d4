import type { MachineModel } from '../../machine-kit/types';
import { realityAnswer } from '../reality-check/reality-check.model';
import { realityCheckSettingMachine } from './reality-check-setting.machine';

const minutesOf = (input: unknown): number | undefined => (input as { minutes?: number } | undefined)?.minutes;

/**
 * The interval on the limits page: read (the country's default, 60 minutes) or not (and retried);
 * 30 minutes or Off picked and saved (the answer is the trader's choice), 60 again (in force:
 * nothing sent), a save refused or lost (the interval in force stays).
 */
export const realityCheckSettingModel: MachineModel = {
  machine: realityCheckSettingMachine,
  events: {
    'minutes.change': [{ minutes: 30 }, { minutes: 0 }, { minutes: 60 }],
  },
  actors: {
    readSetting: [{ output: realityAnswer({ minutes: 60, chosen: false }) }, { error: { kind: 'network' } }],
    saveSetting: [
      { output: realityAnswer({ minutes: 30, chosen: true }), when: (i) => minutesOf(i) === 30 },
      { output: realityAnswer({ minutes: 0, chosen: true }), when: (i) => minutesOf(i) === 0 },
      { error: { kind: 'http', status: 400, error: 'reality.minutes', message: 'This interval is not offered.' } },
      { error: { kind: 'network' } },
    ],
  },
  maxDepth: 6,
};
