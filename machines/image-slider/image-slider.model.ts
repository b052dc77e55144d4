import type { MachineModel } from '../../machine-kit/types';
import { imageSliderMachine } from './image-slider.machine';

/** The slider: playing (the named delay moves it), held by hover/focus, still under reduced motion, and the switch between them. */
export const imageSliderModel: MachineModel = {
  machine: imageSliderMachine,
  inputs: [{ count: 3, reducedMotion: false }, { count: 3, reducedMotion: true }],
  events: { 'slide.go': [{ index: 2 }], 'motion.change': [{ reduced: true }, { reduced: false }] },
  maxDepth: 5,
};
