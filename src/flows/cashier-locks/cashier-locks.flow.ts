import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { LockedAction } from '../../../core/cashier-locks';
import { cashierLocksMachine } from '../../../machines/cashier-locks/cashier-locks.machine';
import { getCashierLocks } from '../../api/cashier-locks';
import { inspect } from '../shared/inspector';
import { connectCashierLocks } from './cashier-locks.connect';

export const cashierLocksFlow = cashierLocksMachine.provide({
  actors: { loadLocks: fromPromise(() => getCashierLocks()) },
});

/** The locks of one action (deposit on the funding page, withdrawal on the withdrawal page), connected. */
export function useCashierLocks(action: LockedAction, lang = 'en') {
  const actor = useActorRef(cashierLocksFlow, { input: { action }, inspect });
  const snapshot = useSelector(actor, (s) => s);
  return connectCashierLocks(snapshot, actor.send, lang);
}
