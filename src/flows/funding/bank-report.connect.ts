import type { SnapshotFrom } from 'xstate';
import type { BankDeposit } from '../../../core/contract/deposits-offline';
import { msg } from '../../../core/message';
import type { bankReportMachine } from '../../../machines/bank-report/bank-report.machine';
import type { BankReportEvent } from '../../../machines/bank-report/bank-report.types';
import type { PagePayment } from '../../../machines/funding/payment';
import { formatAmount } from '../shared/money';
import { withReadableUntil } from '../shared/dates';
import { buttonProps, formProps, regionProps, statusProps, submitProps, titleProps } from '../shared/props';

export type BankReportSnapshot = SnapshotFrom<typeof bankReportMachine>;

/** One line of the details the trader copies: its label key, the value, whether it has a copy button. */
export interface DetailLine {
  label: string;
  value: string;
  copy: boolean;
  /** what the copy button copies when it differs from what is shown (the amount: shown "$300.00", copied "300.00" for a bank form's amount field) */
  copyValue?: string;
}

/** What the trader writes on the transfer, in the order a bank form asks for it. */
export function detailLines(deposit: BankDeposit, lang = 'en'): DetailLine[] {
  return [
    { label: 'bank.detail.reference', value: deposit.reference, copy: true },
    { label: 'bank.detail.amount', value: formatAmount(deposit.amount, deposit.currency, lang), copy: true, copyValue: deposit.amount },
    { label: 'bank.detail.beneficiary', value: deposit.bank.beneficiary, copy: true },
    { label: 'bank.detail.iban', value: deposit.bank.iban, copy: true },
    { label: 'bank.detail.bic', value: deposit.bank.bic, copy: true },
    { label: 'bank.detail.bank', value: deposit.bank.bankName, copy: false },
    { label: 'bank.detail.address', value: deposit.bank.address, copy: false },
  ];
}

/** connect() for the bank and fiat tabs: flags, values, message keys and handlers. */
export function connectBankReport(s: BankReportSnapshot, send: (event: BankReportEvent) => void, payment: () => PagePayment, lang = 'en') {
  const c = s.context;
  const isReporting = s.matches('reporting');
  const deposit = c.deposit;
  const isPending = s.matches('pending');
  const isReceived = s.matches('received');
  const onSubmit = () => send({ type: 'report.submit', payment: payment() });
  const onNew = () => send({ type: 'report.new' });
  // the heading that names the tab's section: the form's, the pending transfer's or the received one's
  const titleId = isReceived ? 'bank-received-title' : isPending ? 'bank-pending-title' : `bank-title-${c.method}`;
  return {
    getRegionProps: () => regionProps(titleId),
    getTitleProps: () => titleProps(titleId),
    getFormProps: () => formProps({ busy: isReporting, onSubmit }),
    getErrorProps: () => ({ role: 'alert' as const }),
    getSubmitProps: () => submitProps({ busy: isReporting }),
    /** the check for the transfer, read politely */
    getCheckingProps: () => ({ 'aria-live': 'polite' as const }),
    /** the transfer arrived: the focus goes there */
    getReceivedProps: () => statusProps({ focusOn: isReceived ? 'received' : null }),
    getNewProps: () => buttonProps(onNew),
    method: c.method,
    isLoading: s.matches('loading'),
    isForm: s.matches('editing') || isReporting,
    isBusy: isReporting,
    isPending,
    isChecking: s.matches({ pending: 'checking' }),
    isReceived,
    currency: c.currency,
    minDeposit: c.minDeposit,
    /** a refusal; a break's end (deposit.excluded) written for the trader */
    error: withReadableUntil(c.error),
    shakes: c.shakes,
    submitLabel: isReporting ? msg('bank.submitting') : msg(c.method === 'fiat' ? 'fiat.submit' : 'bank.submit'),
    /** report the transfer of what the funding page's amount line pays (amount, bonus, promo code) */
    onSubmit,
    deposit,
    /** the transfer's amount written for the trader (core/format: "$250.00", "250,00 $") */
    depositAmount: deposit ? formatAmount(deposit.amount, deposit.currency, lang) : '',
    details: deposit ? detailLines(deposit, lang) : [],
    sandbox: deposit?.bank.sandbox ?? false,
    hasReceipt: deposit?.receipt != null,
    onNew,
  };
}

export type BankReportApi = ReturnType<typeof connectBankReport>;
