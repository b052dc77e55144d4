import { assign, fromPromise, setup } from 'xstate';
import { failureMsg } from '../../core/failure';
import { msg, type Msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type { PendingContext, PendingEvent, PendingItem } from './withdrawal.types';

/**
 * Pending withdrawals (spec 002 §4, §7, §8): the list from /api/us/pending; a cancel asks
 * 'Do you want to cancel this withdrawal?' (Yes / No), then /api/us/reject. Success toasts
 * 'Success' and reloads the list; a failure toasts the server message or 'Sorry some errors'.
 */
export const withdrawalPendingMachine = setup({
  types: {} as { context: PendingContext; events: PendingEvent },
  actors: {
    loadPending: fromPromise<{ hits: PendingItem[] }>(notProvided('loadPending')),
    rejectWithdrawal: fromPromise<{ return: boolean; message: string }, { id: string }>(notProvided('rejectWithdrawal')),
  },
  actions: {
    /** app effect: a toast */
    notify: (_, _params: { text: Msg; kind: 'success' | 'error' }) => {},
    /** app effect: the held amount is back: reload the user */
    cancelled: () => {},
  },
  guards: {
    returned: (_, output: { return: boolean }) => output.return,
  },
}).createMachine({
  id: 'withdrawalPending',
  context: { hits: [], cancelling: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPending',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ hits: event.output.hits, error: null })) },
        onError: { target: 'failed', actions: assign({ error: msg('withdrawal.pending_load_error') }) },
      },
    },
    failed: {
      on: { 'pending.refresh': 'loading' },
    },
    ready: {
      on: {
        'pending.refresh': 'loading',
        'pending.cancel': { target: 'confirming', meta: { spec: ['002 §4.17', '002 §8.12'] }, actions: assign(({ event }) => ({ cancelling: event.id })) },
      },
    },
    confirming: {
      on: {
        'confirm.yes': { target: 'rejecting', meta: { spec: ['002 §4.17', '002 §8.12'] } },
        'confirm.no': { target: 'ready', meta: { spec: ['002 §8.12'] }, actions: assign({ cancelling: null }) },
      },
    },
    rejecting: {
      invoke: {
        src: 'rejectWithdrawal',
        input: ({ context }) => ({ id: context.cancelling ?? '' }),
        onDone: [
          {
            guard: { type: 'returned', params: ({ event }) => event.output },
            target: 'loading',
            meta: { spec: ['002 §4.17', '002 §8.7'] },
            actions: [{ type: 'notify', params: { text: msg('withdrawal.cancel_success'), kind: 'success' } }, 'cancelled', assign({ cancelling: null })],
          },
          {
            target: 'ready',
            meta: { spec: ['002 §8.7'] },
            actions: [{ type: 'notify', params: ({ event }) => ({ text: msg('withdrawal.cancel_failed', event.output.message || undefined), kind: 'error' }) }, assign({ cancelling: null })],
          },
        ],
        onError: {
          target: 'loading',
          meta: { spec: ['002 §8.7'] },
          actions: [{ type: 'notify', params: ({ event }) => ({ text: failureMsg(event.error, 'withdrawal.cancel_failed'), kind: 'error' }) }, assign({ cancelling: null })],
        },
      },
    },
  },
});
