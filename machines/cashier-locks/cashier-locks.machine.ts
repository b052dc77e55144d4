import { assign, fromPromise, setup } from 'xstate';
import type { CashierLocks } from '../../core/contract/cashier-locks';
import { msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type { CashierLocksContext, CashierLocksEvent, CashierLocksInput } from './cashier-locks.types';

/**
 * What locks the page's action now (issue 30 §4; reasons in core/cashier-locks.ts): read as the
 * page opens; each lock is shown with its message and its next step before the trader types
 * anything. Read again on Check again (after a failed read, or once the trader settled one
 * elsewhere: verified in another tab, switched the account). Nothing locking it, the page has
 * nothing to show and nothing to check again. A failed read locks nothing on the page: the server
 * still refuses with the reason.
 */
export const cashierLocksMachine = setup({
  types: {} as { context: CashierLocksContext; events: CashierLocksEvent; input: CashierLocksInput },
  actors: {
    loadLocks: fromPromise<CashierLocks>(notProvided('loadLocks')),
  },
  guards: {
    anyLock: ({ context }) => context.locks.length > 0,
  },
}).createMachine({
  id: 'cashierLocks',
  context: ({ input }) => ({ action: input.action, locks: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadLocks',
        onDone: { target: 'read', actions: assign({ locks: ({ context, event }) => event.output[context.action], error: null }) },
        onError: { target: 'failed', actions: assign({ locks: () => [], error: () => msg('locks.load_failed') }) },
      },
    },
    read: {
      always: [{ guard: 'anyLock', target: 'locked' }, { target: 'open' }],
    },
    /** nothing locks the action: nothing shown */
    open: {},
    /** one lock or more: each shown with its next step */
    locked: { on: { 'locks.check': 'loading' } },
    failed: { on: { 'locks.check': 'loading' } },
  },
});
