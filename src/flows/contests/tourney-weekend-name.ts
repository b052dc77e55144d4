/** the weekend contest modal's name (src/features/shell/dynamic-modals.ts; spec 002 §7 /api/ag/tourney_weekend): tiny, so the eager registry does not pull the flow in */
export const TOURNEY_WEEKEND = 'tourney_weekend';
