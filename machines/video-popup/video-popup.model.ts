import type { MachineModel } from '../../machine-kit/types';
import { videoPopupMachine } from './video-popup.machine';

/** The video popup: open (playing), pause, play, close from either. */
export const videoPopupModel: MachineModel = { machine: videoPopupMachine };
