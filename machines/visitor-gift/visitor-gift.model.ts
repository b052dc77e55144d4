import type { MachineModel } from '../../machine-kit/types';
import { visitorGiftMachine } from './visitor-gift.machine';

/** The gift popup: a first visit waits 15 s and shows it until closed; a visitor seen within a day never sees it. */
export const visitorGiftModel: MachineModel = {
  machine: visitorGiftMachine,
  inputs: [{ seen: false }, { seen: true }],
};
