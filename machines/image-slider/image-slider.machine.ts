import { assign, setup } from 'xstate';
import type { ImageSliderContext, ImageSliderEvent, ImageSliderInput } from './image-slider.types';

/** how long a slide shows before the next one when it plays by itself */
export const SLIDE_INTERVAL_MS = 6_000;

const wrap = (index: number, count: number) => (count <= 0 ? 0 : ((index % count) + count) % count);

/**
 * The sliding images (002 §2): plays by itself (a named delay per slide), holds while the
 * pointer is over it or a control has the focus, and never plays under prefers-reduced-motion
 * (still: the arrows and dots only).
 */
export const imageSliderMachine = setup({
  types: {} as { context: ImageSliderContext; events: ImageSliderEvent; input: ImageSliderInput },
  delays: { slideInterval: SLIDE_INTERVAL_MS },
  guards: {
    reduced: ({ context }) => context.reducedMotion || context.count < 2,
    motionReduced: ({ event }) => event.type === 'motion.change' && event.reduced,
  },
  actions: {
    next: assign({ index: ({ context }) => wrap(context.index + 1, context.count) }),
    prev: assign({ index: ({ context }) => wrap(context.index - 1, context.count) }),
    go: assign({ index: ({ context, event }) => (event.type === 'slide.go' ? wrap(event.index, context.count) : context.index) }),
    setMotion: assign({ reducedMotion: ({ context, event }) => (event.type === 'motion.change' ? event.reduced : context.reducedMotion) }),
  },
}).createMachine({
  id: 'imageSlider',
  context: ({ input }) => ({ index: 0, count: input.count, reducedMotion: input.reducedMotion }),
  initial: 'starting',
  on: {
    'slide.next': { actions: 'next' },
    'slide.prev': { actions: 'prev' },
    'slide.go': { actions: 'go' },
  },
  states: {
    starting: { always: [{ guard: 'reduced', target: 'still' }, { target: 'playing' }] },
    /** reduced motion (or one slide): only the controls move it */
    still: { on: { 'motion.change': { target: 'starting', actions: 'setMotion' } } },
    playing: {
      after: { slideInterval: { target: 'playing', reenter: true, actions: 'next' } },
      on: {
        // a manual move restarts the wait
        'slide.next': { target: 'playing', reenter: true, actions: 'next' },
        'slide.prev': { target: 'playing', reenter: true, actions: 'prev' },
        'slide.go': { target: 'playing', reenter: true, actions: 'go' },
        'slide.hold': 'held',
        'motion.change': { guard: 'motionReduced', target: 'still', actions: 'setMotion' },
      },
    },
    /** under the pointer or the focus: waits */
    held: {
      on: {
        'slide.release': 'playing',
        'motion.change': { guard: 'motionReduced', target: 'still', actions: 'setMotion' },
      },
    },
  },
});
