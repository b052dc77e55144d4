import { fromPromise } from 'xstate';
import { withdrawalPendingMachine } from '../../machines/withdrawal/pending.machine';
import { withdrawalMachine } from '../../machines/withdrawal/withdrawal.machine';
import type { PendingItem } from '../../machines/withdrawal/withdrawal.types';
import type { Currency, WithdrawalMethod } from '../../core/contract';
import { onServerEvent } from '../api/events';
import { checkWithdrawal, finalWithdrawal, loadPending, rejectWithdrawal, withdrawalTabOpened } from '../api/withdrawal';
import { sessionActor, showToast } from './app';
import { twoFactorEntryFlow } from './two-factor';

/** A new idempotency key for each final request (a repeat of the same request sends the same key). */
const newKey = (): string => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** listeners of "a withdrawal was requested or cancelled": the pending list reloads */
const changed = new Set<() => void>();
/** Calls `listener` when a withdrawal of this trader changes (here or pushed by the server). */
export function onWithdrawalsChanged(listener: () => void): () => void {
  changed.add(listener);
  const off = onServerEvent((event) => {
    if (event.type === 'withdrawal.updated') listener();
  });
  return () => {
    changed.delete(listener);
    off();
  };
}
const announce = () => {
  changed.forEach((l) => l());
  sessionActor.send({ type: 'user.update' });
};

export const withdrawalFlow = withdrawalMachine.provide({
  actors: {
    checkWithdrawal: fromPromise(async ({ input }) =>
      checkWithdrawal({ ...input, method: input.method as WithdrawalMethod, currency: input.currency as Currency }),
    ),
    finalWithdrawal: fromPromise(async ({ input }) =>
      finalWithdrawal({ ...input, method: input.method as WithdrawalMethod, currency: input.currency as Currency, key: newKey() }),
    ),
    twoFactorEntry: twoFactorEntryFlow,
  },
  actions: {
    tabOpened: (_, params) => {
      withdrawalTabOpened(params.method as WithdrawalMethod).catch(() => undefined);
    },
    withdrawalRequested: announce,
    goToVerification: () => {
      window.location.hash = '#/show/personal';
    },
    logout: () => sessionActor.send({ type: 'session.logout' }),
  },
});

export const pendingFlow = withdrawalPendingMachine.provide({
  actors: {
    loadPending: fromPromise<{ hits: PendingItem[] }>(async () => loadPending()),
    rejectWithdrawal: fromPromise(async ({ input }) => rejectWithdrawal(input.id)),
  },
  actions: {
    notify: (_, params) => showToast(params.text, params.kind),
    cancelled: () => sessionActor.send({ type: 'user.update' }),
  },
});
