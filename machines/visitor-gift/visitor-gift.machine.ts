import { setup } from 'xstate';

/** 001 §9: the gift popup appears 15 s after a visitor arrives on the landing page */
export const GIFT_DELAY_MS = 15_000;
/** 001 §9: the gift cookie lasts 1 day (the popup does not come back meanwhile) */
export const GIFT_COOKIE_MAX_AGE_S = 86_400;

export interface VisitorGiftInput {
  /** the gift cookie is set: seen within the last day */
  seen: boolean;
}

/**
 * The visitor gift popup on the landing page (001 §6, §9): 15 s after arrival, unless
 * seen within a day. It is remembered for a day (the flow sets the cookie in `remember`) only once
 * the visitor saw it: `seen` when the page is in front with the popup in view (a popup
 * that opened in a background tab is not seen), or its close or link.
 */
export const visitorGiftMachine = setup({
  types: {} as { context: VisitorGiftInput; events: { type: 'close' } | { type: 'seen' }; input: VisitorGiftInput },
  actions: { remember: () => {} },
  guards: { seen: ({ context }) => context.seen },
  delays: { giftDelay: GIFT_DELAY_MS },
}).createMachine({
  id: 'visitorGift',
  context: ({ input }) => input,
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'seen', target: 'closed' }, { target: 'waiting' }] },
    waiting: { after: { giftDelay: { target: 'shown', meta: { spec: ['001 §9.14'] } } } },
    shown: { on: { seen: { actions: 'remember' }, close: { target: 'closed', actions: 'remember' } } },
    closed: { type: 'final' },
  },
});
