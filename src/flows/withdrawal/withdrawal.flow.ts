import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { currentAccountOf, currentCurrencyOf } from '../../../core/accounts';
import { withdrawalPendingMachine } from '../../../machines/withdrawal/pending.machine';
import { withdrawalMachine } from '../../../machines/withdrawal/withdrawal.machine';
import type { PendingItem } from '../../../machines/withdrawal/withdrawal.types';
import type { Currency, WithdrawalMethod } from '../../../core/contract';
import { onServerEvent } from '../../api/events';
import { checkWithdrawal, finalWithdrawal, loadPending, rejectWithdrawal, withdrawalTabOpened } from '../../api/withdrawal';
import { sessionActor, showToast } from '../shell/app.flow';
import { useSession, useSessionPick } from '../session/session.hooks';
import { useMoneyFlow } from '../attention/attention.flow';
import { inspect } from '../shared/inspector';
import { connectPending, connectWithdrawal } from './withdrawal.connect';
import { twoFactorEntryFlow } from '../two-factor/two-factor.flow';

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
      // the personal page leads back here (its add parameter)
      window.location.hash = '#/show/personal/withdrawal';
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

/**
 * The account a withdrawal is taken from: the current one; from the exchange account the coin
 * is fixed by the tab. `formKey` changes with the account, so a switch elsewhere starts a new form
 * ('' before the user is known).
 */
export function useWithdrawalAccount() {
  const user = useSessionPick((s) => s.user);
  if (!user) return { formKey: '' };
  const fixed = currentAccountOf(user)?.type === 'exchange';
  return { formKey: `${user.current_accountId}-${fixed}` };
}

/** The withdrawal form of the current account: its actor, created with the session's account. */
export function useWithdrawal() {
  const session = useSession();
  const fixed = session.currentAccount?.type === 'exchange';
  const currency = currentCurrencyOf(session.user);
  const actor = useActorRef(withdrawalFlow, { input: { currency, fixed }, inspect });
  // a money flow: nothing interrupts a withdrawal being asked for
  useMoneyFlow('withdrawal', true);
  const api = connectWithdrawal(useSelector(actor, (s) => s), actor.send);
  const exchange = session.user?.balances.find((b) => b.type === 'exchange' && b.currency === api.tab.currency);
  return {
    ...api,
    /** from the exchange account: the coin of the tab, nothing converted */
    fixed,
    /** the account's currency */
    currency,
    /** the currency the amount is typed in */
    formCurrency: fixed ? api.tab.currency : currency,
    available: session.available,
    /** the exchange account's balance in the tab's coin (shown when fixed) */
    exchangeAmount: exchange?.amount ?? '0',
    sandbox: session.sandbox,
    /** where testers read emailed codes (sandbox only) */
    sandboxEmail: session.sandbox ? session.user?.email : undefined,
  };
}

/** The pending withdrawals, reloaded when one is requested or cancelled (here or pushed by the server). */
export function usePendingWithdrawals() {
  const actor = useActorRef(pendingFlow, { inspect });
  useEffect(() => onWithdrawalsChanged(() => actor.send({ type: 'pending.refresh' })), [actor]);
  return connectPending(useSelector(actor, (s) => s), actor.send);
}
