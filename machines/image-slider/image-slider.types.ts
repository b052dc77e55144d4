export interface ImageSliderInput {
  count: number;
  /** prefers-reduced-motion: no autoplay */
  reducedMotion: boolean;
}
export interface ImageSliderContext {
  index: number;
  count: number;
  reducedMotion: boolean;
}
export type ImageSliderEvent =
  | { type: 'slide.next' }
  | { type: 'slide.prev' }
  | { type: 'slide.go'; index: number }
  /** the pointer is over the slider or a control has the focus */
  | { type: 'slide.hold' }
  | { type: 'slide.release' }
  | { type: 'motion.change'; reduced: boolean };
