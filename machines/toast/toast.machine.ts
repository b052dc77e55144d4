import { assign, setup } from 'xstate';
import type { ToastContext, ToastEvent, ToastInput } from './toast.types';

/** at most this many toasts on screen; older ones make room */
export const MAX_TOASTS = 4;

/**
 * Toasts (spec 000 §9: 5 s by default). The oldest toast leaves after the toast duration;
 * the next one then has its own full duration. A trader can dismiss any toast.
 */
export const toastMachine = setup({
  types: {} as { context: ToastContext; events: ToastEvent; input: ToastInput },
  delays: {
    toastDuration: ({ context }) => context.durationMs,
  },
  guards: {
    isEmpty: ({ context }) => context.toasts.length === 0,
  },
  actions: {
    add: assign(({ context, event }) =>
      event.type === 'toast.show' ? { toasts: [...context.toasts, event.toast].slice(-MAX_TOASTS) } : {},
    ),
    dropOldest: assign(({ context }) => ({ toasts: context.toasts.slice(1) })),
    dismiss: assign(({ context, event }) =>
      event.type === 'toast.dismiss' ? { toasts: context.toasts.filter((t) => t.id !== event.id) } : {},
    ),
  },
}).createMachine({
  id: 'toast',
  context: ({ input }) => ({ toasts: [], durationMs: input?.durationMs ?? 5000 }),
  initial: 'idle',
  on: {
    'toast.configure': { actions: assign(({ event }) => ({ durationMs: Math.max(1000, event.durationMs) })) },
  },
  states: {
    idle: {
      on: { 'toast.show': { target: 'showing', actions: 'add' } },
    },
    showing: {
      after: { toastDuration: { target: 'checking', meta: { spec: ['000 §9.16', '002 §9.10'] }, actions: 'dropOldest' } },
      on: {
        'toast.show': { actions: 'add' },
        'toast.dismiss': { target: 'checking', actions: 'dismiss' },
      },
    },
    checking: {
      always: [{ guard: 'isEmpty', target: 'idle' }, { target: 'showing' }],
    },
  },
});
