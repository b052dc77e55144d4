import type { ActorRefFrom, EventFrom, SnapshotFrom } from 'xstate';
import type { withdrawalPendingMachine } from '../../../machines/withdrawal/pending.machine';
import type { withdrawalMachine } from '../../../machines/withdrawal/withdrawal.machine';
import { WITHDRAWAL_TABS, needsWallet, tabById, type WithdrawalTab, type WithdrawalTabId } from '../../../machines/withdrawal/withdrawal.tabs';
import type { PendingItem, Turnover, WithdrawalForm, WithdrawalRequest } from '../../../machines/withdrawal/withdrawal.types';
import type { Msg } from '../../../core/message';
import { isAskedCase, type AskedCase } from '../../../core/withdrawal';
import { selectFactorChild, type EntryRef } from '../two-factor/two-factor.types';
import { buttonProps, fieldProps, formProps, regionProps, statusProps, submitProps, titleProps } from '../shared/props';

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
  /** the page's section, named by its heading */
  getRegionProps: () => ReturnType<typeof regionProps>;
  getTitleProps: () => ReturnType<typeof titleProps>;
  /** the form for the method the trader chose: busy while checked or sent; an edit takes a shown error away */
  getFormProps: (method: string) => ReturnType<typeof formProps> & { onChange: () => void };
  /** a field of the form (the method's choice is the view's: its value and handler) */
  getFieldProps: (field: WithdrawalField, choice?: { value: string; onValue: (value: string) => void }) => ReturnType<typeof fieldProps>;
  /** what refused the request: said at once */
  getErrorProps: () => { role: 'alert' };
  getSubmitProps: () => ReturnType<typeof submitProps>;
  /** the request was sent: announced, and the focus goes there */
  getDoneProps: () => ReturnType<typeof statusProps>;
  getAgainProps: () => ReturnType<typeof buttonProps>;
  /** the dialogs' buttons: back (No) and go on (the default, focused when the dialog opens) */
  getDeclineProps: () => ReturnType<typeof buttonProps>;
  getConfirmProps: () => ReturnType<typeof buttonProps> & { 'data-autofocus': '' };
  getCloseVerifyProps: () => ReturnType<typeof buttonProps>;
  getGoVerifyProps: () => ReturnType<typeof buttonProps> & { 'data-autofocus': '' };
}

export type WithdrawalField = 'method' | 'amount' | 'wallet' | 'alt';

const formText = (values: FormData, name: string): string => String(values.get(name) ?? '');

/** The withdrawal flow for its views: flags, texts and handlers from one snapshot. */
export function connectWithdrawal(s: WithdrawalSnapshot, send: WithdrawalSend): WithdrawalApi {
  const step = selectStep(s);
  const tab = tabById(s.context.tab);
  const { turnover, request, error } = s.context;
  const kind = s.context.case;
  const busy = selectBusy(s);
  const edit = () => {
    if (error) send({ type: 'form.edit' });
  };
  const confirm = () => send({ type: 'confirm.yes' });
  const goVerify = () => send({ type: 'verify.go' });
  return {
    getRegionProps: () => regionProps('wd-title'),
    getTitleProps: () => titleProps('wd-title'),
    getFormProps: (method) => ({
      ...formProps({ busy, onSubmit: (values) => send({ type: 'form.submit', amount: formText(values, 'amount'), method, wallet: formText(values, 'wallet'), alt: formText(values, 'alt') }) }),
      onChange: edit,
    }),
    getFieldProps: (field, choice) => fieldProps({ id: `wd-${field}`, name: field, disabled: busy, ...(field === 'method' && choice) }),
    getErrorProps: () => ({ role: 'alert' }),
    getSubmitProps: () => submitProps({ busy }),
    getDoneProps: () => statusProps({ focusOn: step === 'done' ? 'done' : null }),
    getAgainProps: () => buttonProps(() => send({ type: 'form.again' })),
    getDeclineProps: () => buttonProps(() => send({ type: 'confirm.no' })),
    getConfirmProps: () => ({ ...buttonProps(confirm), 'data-autofocus': '' }),
    getCloseVerifyProps: () => buttonProps(() => send({ type: 'verify.close' })),
    getGoVerifyProps: () => ({ ...buttonProps(goVerify), 'data-autofocus': '' }),
    step,
    busy,
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
    edit,
    again: () => send({ type: 'form.again' }),
    confirm,
    decline: () => send({ type: 'confirm.no' }),
    goVerify,
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
  /** the list's section, named by its heading, busy while it loads */
  getRegionProps: () => ReturnType<typeof regionProps> & { 'aria-busy': true | undefined };
  getTitleProps: () => ReturnType<typeof titleProps>;
  /** the list could not load: said at once */
  getFailedProps: () => { role: 'alert' };
  getReloadProps: () => ReturnType<typeof buttonProps>;
  /** a withdrawal's Cancel: opens the question */
  getCancelProps: (id: string) => ReturnType<typeof buttonProps>;
  /** the question's No and Yes (the default, focused when it opens); both rest while the cancellation is on its way */
  getNoProps: () => ReturnType<typeof buttonProps>;
  getYesProps: () => ReturnType<typeof buttonProps> & { 'data-autofocus': '' };
}

/** The pending withdrawals for their view. */
export function connectPending(s: PendingSnapshot, send: PendingSend): PendingApi {
  const loading = selectPendingLoading(s);
  const failed = selectPendingFailed(s);
  const rejecting = selectRejecting(s);
  const reload = () => send({ type: 'pending.refresh' });
  const cancel = (id: string) => send({ type: 'pending.cancel', id });
  const confirm = () => send({ type: 'confirm.yes' });
  const decline = () => {
    if (!rejecting) send({ type: 'confirm.no' });
  };
  return {
    getRegionProps: () => ({ ...regionProps('wd-pending-title'), 'aria-busy': loading || undefined }),
    getTitleProps: () => titleProps('wd-pending-title'),
    getFailedProps: () => ({ role: 'alert' }),
    getReloadProps: () => buttonProps(reload),
    getCancelProps: (id) => buttonProps(() => cancel(id)),
    getNoProps: () => buttonProps(decline, { disabled: rejecting }),
    getYesProps: () => ({ ...buttonProps(confirm, { disabled: rejecting }), 'data-autofocus': '' }),
    hits: s.context.hits,
    loading,
    failed,
    empty: !loading && !failed && s.context.hits.length === 0,
    asking: selectCancelling(s) !== null,
    rejecting,
    reload,
    cancel,
    confirm,
    decline,
  };
}
