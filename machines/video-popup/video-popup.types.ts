export type VideoPopupEvent = { type: 'video.open' } | { type: 'video.close' } | { type: 'video.toggle' };
