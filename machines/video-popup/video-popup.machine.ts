import { setup } from 'xstate';
import type { VideoPopupEvent } from './video-popup.types';

/**
 * The video popup (002 §2): an animated demo of the platform (drawn in SVG and CSS on our own
 * page, no outside video), opened playing; pause and play; Escape or the close button closes it.
 */
export const videoPopupMachine = setup({
  types: {} as { events: VideoPopupEvent },
}).createMachine({
  id: 'videoPopup',
  initial: 'closed',
  states: {
    closed: { on: { 'video.open': 'open' } },
    open: {
      initial: 'playing',
      on: { 'video.close': 'closed' },
      states: {
        playing: { on: { 'video.toggle': 'paused' } },
        paused: { on: { 'video.toggle': 'playing' } },
      },
    },
  },
});
