/** the timed offer's dynamic modal name (src/features/shell/dynamic-modals.ts) */
export const OFFER_DIALOG = 'timed_offer';
