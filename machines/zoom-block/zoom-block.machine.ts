import { setup } from 'xstate';
import type { ZoomBlockEvent } from './zoom-block.types';

/** The zoom-on-scroll block (002 §2): zoomed while it is in view (an IntersectionObserver tells), at rest outside. */
export const zoomBlockMachine = setup({
  types: {} as { events: ZoomBlockEvent },
}).createMachine({
  id: 'zoomBlock',
  initial: 'outside',
  states: {
    outside: { on: { 'zoom.enter': 'inside' } },
    inside: { on: { 'zoom.leave': 'outside' } },
  },
});
