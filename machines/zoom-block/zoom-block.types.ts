export type ZoomBlockEvent = { type: 'zoom.enter' } | { type: 'zoom.leave' };
