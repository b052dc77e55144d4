import type { MachineModel } from '../../machine-kit/types';
import { zoomBlockMachine } from './zoom-block.machine';

/** The zoom block: scrolled into view and out again. */
export const zoomBlockModel: MachineModel = { machine: zoomBlockMachine };
