import { assign, emit, setup } from 'xstate';
import type { ModalContext, ModalEmitted, ModalEvent, ModalKind, ModalRequest } from './modal.types';

/**
 * One modal manager for alert, confirm and dynamic modals (spec 000 §2). One modal is shown
 * at a time; requests that arrive meanwhile wait in a queue, so no message is lost.
 */
export const modalMachine = setup({
  types: {} as { context: ModalContext; events: ModalEvent; emitted: ModalEmitted },
  guards: {
    isKind: ({ context }, params: { kind: ModalKind }) => context.current?.kind === params.kind,
    hasQueued: ({ context }) => context.queue.length > 0,
  },
  actions: {
    enqueue: assign(({ context, event }) =>
      event.type === 'modal.open' ? { queue: [...context.queue, event.request] } : {},
    ),
    showNext: assign(({ context }) => ({ current: context.queue[0] ?? null, queue: context.queue.slice(1) })),
    clear: assign({ current: null }),
  },
}).createMachine({
  id: 'modal',
  context: { current: null, queue: [] },
  initial: 'closed',
  on: { 'modal.open': { actions: 'enqueue' } },
  states: {
    closed: {
      on: { 'modal.open': { target: 'choosing', actions: 'enqueue' } },
    },
    choosing: {
      entry: 'showNext',
      always: [
        { guard: { type: 'isKind', params: { kind: 'alert' } }, target: 'alert' },
        { guard: { type: 'isKind', params: { kind: 'confirm' } }, target: 'confirm' },
        { target: 'dynamic' },
      ],
    },
    alert: {
      on: { 'modal.close': 'closing' },
    },
    dynamic: {
      on: { 'modal.close': 'closing' },
    },
    confirm: {
      on: {
        'modal.yes': {
          target: 'closing',
          actions: emit(({ context }) => ({ type: 'modal.answered' as const, id: context.current!.id, yes: true })),
        },
        'modal.no': {
          target: 'closing',
          actions: emit(({ context }) => ({ type: 'modal.answered' as const, id: context.current!.id, yes: false })),
        },
        'modal.close': {
          target: 'closing',
          actions: emit(({ context }) => ({ type: 'modal.answered' as const, id: context.current!.id, yes: false })),
        },
      },
    },
    closing: {
      entry: [emit(({ context }) => ({ type: 'modal.closed' as const, id: context.current!.id })), 'clear'],
      always: [{ guard: 'hasQueued', target: 'choosing' }, { target: 'closed' }],
    },
  },
});

export type { ModalRequest };
