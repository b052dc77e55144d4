import type { ActorRefFrom, EventFrom, SnapshotFrom } from 'xstate';
import type { withdrawalPendingMachine } from '../../../machines/withdrawal/pending.machine';
import type { withdrawalMachine } from '../../../machines/withdrawal/withdrawal.machine';
import { WITHDRAWAL_TABS, needsWallet, tabById, type WithdrawalTab, type WithdrawalTabId } from '../../../machines/withdrawal/withdrawal.tabs';
import type { PendingItem, Turnover, WithdrawalForm, WithdrawalRequest } from '../../../machines/withdrawal/withdrawal.types';
import type { Msg } from '../../../core/message';
import { isAskedCase, type AskedCase } from '../../../core/withdrawal';
import { selectFactorChild, type EntryRef } from '../two-factor/two-factor.types';

type WithdrawalSnapshot = SnapshotFrom<typeof withdrawalMachine>;
type PendingSnapshot = SnapshotFrom<typeof withdrawalPendingMachine>;
type WithdrawalSend = (event: EventFrom<typeof withdrawalMachine>) => void;
type PendingSend = (event: EventFrom<typeof withdrawalPendingMachine>) => void;
export type PendingRef = ActorRefFrom<typeof withdrawalPendingMachine>;

export type WithdrawalStep = 'editing' | 'checking' | 'confirming' | 'needVerify' | 'finalizing' | 'factor' | 'done' | 'loggedOut';

export const selectStep = (s: WithdrawalSnapshot): WithdrawalStep => {
  for (const step of ['checking', 'confirming', 'needVerify', 'finalizing', 'factor', 'done', 'loggedOut'] as const) if (s.matches(step)) return step;
  return 'editing';
};
export const selectTab = (s: WithdrawalSnapshot) => s.context.tab;
export const selectWithdrawalError = (s: WithdrawalSnapshot) => s.context.error;
export const selectShakes = (s: WithdrawalSnapshot) => s.context.shakes;
export const selectCase = (s: WithdrawalSnapshot) => s.context.case;
export const selectTurnover = (s: WithdrawalSnapshot) => s.context.turnover;
export const selectRequest = (s: WithdrawalSnapshot) => s.context.request;
export const selectResult = (s: WithdrawalSnapshot) => s.context.result;
export const selectBusy = (s: WithdrawalSnapshot): boolean => s.matches('checking') || s.matches('finalizing');

export const selectPendingHits = (s: PendingSnapshot) => s.context.hits;
export const selectPendingLoading = (s: PendingSnapshot): boolean => s.matches('loading');
export const selectPendingFailed = (s: PendingSnapshot) => (s.matches('failed') ? s.context.error : null);
export const selectCancelling = (s: PendingSnapshot): string | null => (s.matches('confirming') || s.matches('rejecting') ? s.context.cancelling : null);
export const selectRejecting = (s: PendingSnapshot): boolean => s.matches('rejecting');

/** The payout form for the method the trader picked (a method of another tab falls back to the tab's first). */
export interface MethodForm {
  method: string;
  /** the fiat tabs offer a choice of method; a coin tab has one */
  choosesMethod: boolean;
  walletNeeded: boolean;
  /** the second field of Ripple (destination tag) and Monero (payment id), else null */
  alt: 'ripple' | 'monero' | null;
}

/** A case the trader confirms before the final request (`ask` in `core/withdrawal.ts`: one to four and six). */
export interface CaseQuestion {
  kind: AskedCase;
  request: WithdrawalRequest;
}

export interface WithdrawalApi {
  step: WithdrawalStep;
  /** a request is being checked or sent: the form and the tabs rest */
  busy: boolean;
  done: boolean;
  tab: WithdrawalTab;
  tabs: readonly { tab: WithdrawalTab; selected: boolean }[];
  error: Msg | null;
  shakes: number;
  result: Msg | null;
  /** the turnover still needed before a withdrawal, shown while it is above zero (not after a request) */
  turnover: Turnover | null;
  submitLabel: 'withdrawal.checking' | 'withdrawal.sending' | 'withdrawal.submit';
  /** the case question on screen, else null */
  question: CaseQuestion | null;
  /** the account is not verified: the need-verify dialog */
  verifyOpen: boolean;
  /** the final request asked for the second factor: its code entry */
  factorEntry: EntryRef | undefined;
  methodForm: (method: string) => MethodForm;
  selectTab: (tab: WithdrawalTabId) => void;
  submit: (form: WithdrawalForm) => void;
  /** the form changed: a shown error goes away */
  edit: () => void;
  again: () => void;
  confirm: () => void;
  decline: () => void;
  goVerify: () => void;
  closeVerify: () => void;
  cancelFactor: () => void;
}

/** The withdrawal flow for its views: flags, texts and handlers from one snapshot. */
export function connectWithdrawal(s: WithdrawalSnapshot, send: WithdrawalSend): WithdrawalApi {
  const step = selectStep(s);
  const tab = tabById(s.context.tab);
  const { turnover, request, error } = s.context;
  const kind = s.context.case;
  return {
    step,
    busy: selectBusy(s),
    done: step === 'done',
    tab,
    tabs: WITHDRAWAL_TABS.map((t) => ({ tab: t, selected: t.id === tab.id })),
    error,
    shakes: s.context.shakes,
    result: s.context.result,
    turnover: turnover && step !== 'done' && /[1-9]/.test(turnover.need) ? turnover : null,
    submitLabel: step === 'checking' ? 'withdrawal.checking' : step === 'finalizing' ? 'withdrawal.sending' : 'withdrawal.submit',
    question: step === 'confirming' && kind && isAskedCase(kind) && request ? { kind, request } : null,
    verifyOpen: step === 'needVerify',
    factorEntry: selectFactorChild(s),
    methodForm: (method) => {
      const chosen = tab.methods.includes(method) ? method : tab.methods[0];
      return { method: chosen, choosesMethod: !tab.crypto, walletNeeded: needsWallet(chosen), alt: tab.alt };
    },
    selectTab: (id) => send({ type: 'tab.select', tab: id }),
    submit: (form) => send({ type: 'form.submit', ...form }),
    edit: () => {
      if (error) send({ type: 'form.edit' });
    },
    again: () => send({ type: 'form.again' }),
    confirm: () => send({ type: 'confirm.yes' }),
    decline: () => send({ type: 'confirm.no' }),
    goVerify: () => send({ type: 'verify.go' }),
    closeVerify: () => send({ type: 'verify.close' }),
    cancelFactor: () => send({ type: 'factor.cancel' }),
  };
}

export interface PendingApi {
  hits: PendingItem[];
  loading: boolean;
  /** the list could not load: why, else null */
  failed: Msg | null;
  empty: boolean;
  /** the cancel question is open (for this withdrawal id) */
  asking: boolean;
  rejecting: boolean;
  reload: () => void;
  cancel: (id: string) => void;
  confirm: () => void;
  /** No, or the dialog closed: ignored while the cancellation is on its way */
  decline: () => void;
}

/** The pending withdrawals for their view. */
export function connectPending(s: PendingSnapshot, send: PendingSend): PendingApi {
  const loading = selectPendingLoading(s);
  const failed = selectPendingFailed(s);
  const rejecting = selectRejecting(s);
  return {
    hits: s.context.hits,
    loading,
    failed,
    empty: !loading && !failed && s.context.hits.length === 0,
    asking: selectCancelling(s) !== null,
    rejecting,
    reload: () => send({ type: 'pending.refresh' }),
    cancel: (id) => send({ type: 'pending.cancel', id }),
    confirm: () => send({ type: 'confirm.yes' }),
    decline: () => {
      if (!rejecting) send({ type: 'confirm.no' });
    },
  };
}
