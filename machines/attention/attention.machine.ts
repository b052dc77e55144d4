import { assign, enqueueActions, setup } from 'xstate';
import type { AttentionContext, AttentionEmitted, AttentionEvent, AttentionInput, AttentionPriority, AttentionRequest } from './attention.types';

/**
 * Promotions asked for as the page loads wait this long before one is chosen, so the most
 * important of them wins rather than the first chunk to arrive.
 */
export const PROMOTION_SETTLE_MS = 1_500;

/** Promotions in the order they win when several wait (a kind not listed comes last). */
export const PROMOTION_ORDER = ['welcome', 'weekend-contest', 'timed-offer', 'signals', 'gift'] as const;

const rank = (r: AttentionRequest): number => {
  const i = (PROMOTION_ORDER as readonly string[]).indexOf(r.kind);
  return i < 0 ? PROMOTION_ORDER.length : i;
};

/** the first waiting request of a priority */
export const firstOf = (waiting: AttentionRequest[], priority: AttentionPriority): AttentionRequest | undefined => waiting.find((r) => r.priority === priority);

/** the promotion that wins among those waiting: by PROMOTION_ORDER, then by arrival */
export function bestPromotion(waiting: AttentionRequest[]): AttentionRequest | undefined {
  let best: AttentionRequest | undefined;
  for (const r of waiting) if (r.priority === 'promotional' && (!best || rank(r) < rank(best))) best = r;
  return best;
}

const OVERLAYS: AttentionPriority[] = ['mandatory', 'money-result', 'promotional'];
const without = (waiting: AttentionRequest[], id: string) => waiting.filter((r) => r.id !== id);
const requestOf = (event: AttentionEvent): AttentionRequest | null => (event.type === 'attention.request' ? event.request : null);

/**
 * The attention arbiter: one app-level owner of every interruption. Features ask
 * (`attention.request`) and release; the arbiter grants at most one overlay at a time, mandatory
 * steps first, then money results, then at most one promotion a visit (and the same one at most
 * once a day); nothing interrupts a money flow in progress (it waits until the flow reports idle);
 * toasts never wait for an overlay but do wait for a money flow; the chat opens by itself once per
 * browser, at once: it asks only on a wide screen, where it is a column of its own from the page's
 * first paint (it covers nothing and moves nothing), so nothing can be in its way. Rules for
 * analysts: docs/attention.md.
 */
export const attentionMachine = setup({
  types: {} as { context: AttentionContext; events: AttentionEvent; input: AttentionInput; emitted: AttentionEmitted },
  actions: {
    /** app effect: keeps the day the promotion on screen (context.shown) was closed, for this trader (context.today) */
    keepSeen: () => {},
    /** app effect: keeps in this browser that the chat opened by itself */
    keepChatOpened: () => {},
    enqueue: assign(({ context, event }) => {
      const r = requestOf(event);
      if (!r) return {};
      if (r.priority === 'chat') return { chatAsked: r.id };
      return { waiting: [...without(context.waiting, r.id), r] };
    }),
    forget: assign(({ context, event }) => (event.type === 'attention.release' ? { waiting: without(context.waiting, event.id) } : {})),
    markBusy: assign(({ context, event }) => (event.type === 'attention.busy' && !context.busy.includes(event.flow) ? { busy: [...context.busy, event.flow] } : {})),
    markIdle: assign(({ context, event }) => (event.type === 'attention.idle' ? { busy: context.busy.filter((f) => f !== event.flow) } : {})),
    grantMandatory: enqueueActions(({ context, enqueue }) => {
      const r = firstOf(context.waiting, 'mandatory')!;
      enqueue.assign({ shown: r, waiting: without(context.waiting, r.id) });
      enqueue.emit({ type: 'attention.granted', id: r.id });
    }),
    grantMoneyResult: enqueueActions(({ context, enqueue }) => {
      const r = firstOf(context.waiting, 'money-result')!;
      enqueue.assign({ shown: r, waiting: without(context.waiting, r.id) });
      enqueue.emit({ type: 'attention.granted', id: r.id });
    }),
    grantBestPromotion: enqueueActions(({ context, enqueue }) => {
      const r = bestPromotion(context.waiting)!;
      enqueue.assign({ shown: r, promoted: r.id, waiting: without(context.waiting, r.id) });
      enqueue.emit({ type: 'attention.granted', id: r.id });
    }),
    refuseBestPromotion: enqueueActions(({ context, enqueue }) => {
      const r = bestPromotion(context.waiting)!;
      enqueue.assign({ waiting: without(context.waiting, r.id) });
      enqueue.emit({ type: 'attention.refused', id: r.id });
    }),
    refusePromotions: enqueueActions(({ context, enqueue }) => {
      const refused = context.waiting.filter((r) => r.priority === 'promotional');
      enqueue.assign({ waiting: context.waiting.filter((r) => r.priority !== 'promotional') });
      for (const r of refused) enqueue.emit({ type: 'attention.refused', id: r.id });
    }),
    grantToast: enqueueActions(({ event, enqueue }) => {
      const r = requestOf(event);
      if (r) enqueue.emit({ type: 'attention.granted', id: r.id });
    }),
    grantWaitingToasts: enqueueActions(({ context, enqueue }) => {
      const toasts = context.waiting.filter((r) => r.priority === 'toast');
      if (toasts.length === 0) return;
      enqueue.assign({ waiting: context.waiting.filter((r) => r.priority !== 'toast') });
      for (const r of toasts) enqueue.emit({ type: 'attention.granted', id: r.id });
    }),
    /** the shown overlay was closed by the trader: a promotion is remembered for today */
    closeShown: assign(({ context }) => {
      const shown = context.shown!;
      return shown.priority === 'promotional' ? { shown: null, seen: { ...context.seen, [shown.id]: context.today } } : { shown: null };
    }),
    /** the arbiter takes the overlay back: a promotion waits again (a mandatory step came), a result is over */
    withdrawShown: enqueueActions(({ context, enqueue }) => {
      const shown = context.shown!;
      enqueue.emit({ type: 'attention.withdrawn', id: shown.id });
      if (shown.priority === 'promotional') enqueue.assign({ waiting: [shown, ...context.waiting], promoted: null });
      enqueue.assign({ shown: null });
    }),
    dropResultsElsewhere: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'attention.leave') return;
      const gone = context.waiting.filter((r) => r.priority === 'money-result' && r.page !== undefined && r.page !== event.page);
      if (gone.length === 0) return;
      enqueue.assign({ waiting: context.waiting.filter((r) => !gone.includes(r)) });
      for (const r of gone) enqueue.emit({ type: 'attention.refused', id: r.id });
    }),
    openChat: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: 'attention.granted', id: context.chatAsked! });
      enqueue.assign({ chatAutoOpened: true, chatAsked: null });
    }),
    refuseChat: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: 'attention.refused', id: context.chatAsked! });
      enqueue.assign({ chatAsked: null });
    }),
  },
  guards: {
    /** a card form filled or submitted, a cascade, an open invoice, a withdrawal or transfer, a two-factor entry */
    moneyFlowInProgress: ({ context }) => context.busy.length > 0,
    noMoneyFlowInProgress: ({ context }) => context.busy.length === 0,
    /** toasts cover nothing, so they never wait for an overlay, only for a money flow */
    toastAndNoMoneyFlow: ({ context, event }) => requestOf(event)?.priority === 'toast' && context.busy.length === 0,
    overlayWaiting: ({ context }) => context.waiting.some((r) => OVERLAYS.includes(r.priority) || r.priority === 'toast'),
    mandatoryWaiting: ({ context }) => firstOf(context.waiting, 'mandatory') !== undefined,
    moneyResultWaiting: ({ context }) => firstOf(context.waiting, 'money-result') !== undefined,
    promotionWaiting: ({ context }) => bestPromotion(context.waiting) !== undefined,
    noPromotionWaiting: ({ context }) => bestPromotion(context.waiting) === undefined,
    /** something that goes before a promotion arrived while it settled */
    mandatoryResultOrMoneyFlow: ({ context }) => context.busy.length > 0 || context.waiting.some((r) => r.priority === 'mandatory' || r.priority === 'money-result'),
    /** at most one promotion per visit: one already shown, another waits */
    secondPromotionThisVisit: ({ context }) => context.promoted !== null && bestPromotion(context.waiting) !== undefined,
    /** the same promotion at most once a day */
    shownToday: ({ context }) => context.seen[bestPromotion(context.waiting)!.id] === context.today,
    isTheShownOne: ({ context, event }) => event.type === 'attention.release' && context.shown?.id === event.id,
    /** the trader closed the promotion on screen ("Not now", its close button, or its own way on) */
    shownPromotionClosed: ({ context, event }) => event.type === 'attention.release' && context.shown?.id === event.id && context.shown.priority === 'promotional',
    /** a mandatory step pushes a promotion off the screen */
    mandatoryOverPromotion: ({ context, event }) => requestOf(event)?.priority === 'mandatory' && context.shown?.priority === 'promotional',
    /** a money result closes when its page is left */
    resultPageLeft: ({ context, event }) => event.type === 'attention.leave' && context.shown?.priority === 'money-result' && context.shown.page !== undefined && context.shown.page !== event.page,
    isChatRequest: ({ event }) => requestOf(event)?.priority === 'chat',
    chatAsked: ({ context }) => context.chatAsked !== null,
    /** spec 001 §4: once per browser */
    chatOpenedBefore: ({ context }) => context.chatAutoOpened,
  },
  delays: {
    promotionSettle: PROMOTION_SETTLE_MS,
  },
}).createMachine({
  id: 'attention',
  context: ({ input }) => ({
    today: input.today,
    seen: input.seen ?? {},
    chatAutoOpened: input.chatAutoOpened ?? false,
    waiting: [],
    shown: null,
    busy: [],
    promoted: null,
    chatAsked: null,
  }),
  type: 'parallel',
  on: {
    'attention.request': [{ guard: 'isChatRequest', actions: 'enqueue' }, { guard: 'toastAndNoMoneyFlow', actions: 'grantToast' }, { actions: 'enqueue' }],
    'attention.release': { actions: 'forget' },
    'attention.busy': { actions: 'markBusy' },
    'attention.idle': { actions: 'markIdle' },
    'attention.leave': { actions: 'dropResultsElsewhere' },
  },
  states: {
    /** the one overlay on screen */
    overlay: {
      initial: 'quiet',
      states: {
        quiet: {
          always: { guard: 'overlayWaiting', target: 'deciding' },
        },
        deciding: {
          always: [
            { guard: 'moneyFlowInProgress', target: 'held' },
            { guard: 'mandatoryWaiting', target: 'showing', actions: 'grantMandatory' },
            { guard: 'moneyResultWaiting', target: 'showing', actions: 'grantMoneyResult' },
            { guard: 'secondPromotionThisVisit', target: 'quiet', actions: 'refusePromotions' },
            { guard: 'promotionWaiting', target: 'settling' },
            { target: 'quiet', actions: 'grantWaitingToasts' },
          ],
        },
        /** a money flow is in progress: everything waits until it ends */
        held: {
          always: { guard: 'noMoneyFlowInProgress', target: 'deciding', actions: 'grantWaitingToasts' },
        },
        /** promotions asked for together settle, then the most important one is chosen */
        settling: {
          always: [
            { guard: 'mandatoryResultOrMoneyFlow', target: 'deciding' },
            { guard: 'noPromotionWaiting', target: 'quiet' },
          ],
          after: { promotionSettle: 'choosing' },
        },
        choosing: {
          always: [
            { guard: 'shownToday', target: 'deciding', actions: 'refuseBestPromotion' },
            { target: 'showing', actions: 'grantBestPromotion' },
          ],
        },
        showing: {
          on: {
            'attention.release': [
              {
                guard: 'shownPromotionClosed',
                target: 'deciding',
                actions: ['keepSeen', 'closeShown'],
              },
              { guard: 'isTheShownOne', target: 'deciding', actions: 'closeShown' },
            ],
            'attention.request': { guard: 'mandatoryOverPromotion', target: 'deciding', actions: ['withdrawShown', 'enqueue'] },
            'attention.leave': { guard: 'resultPageLeft', target: 'deciding', actions: ['withdrawShown', 'dropResultsElsewhere'] },
          },
        },
      },
    },
    /**
     * the chat's one opening by itself: at once, in the page's first paint, as the column it takes
     * on a wide screen (a column covers nothing; opened later it would move the page under the
     * trader's pointer)
     */
    chat: {
      initial: 'waiting',
      states: {
        waiting: {
          always: [
            { guard: 'chatAsked', target: 'asked' },
          ],
        },
        asked: {
          always: [
            { guard: 'chatOpenedBefore', target: 'spent', actions: 'refuseChat' },
            { target: 'spent', actions: ['openChat', 'keepChatOpened'] },
          ],
        },
        spent: {},
      },
    },
  },
});
