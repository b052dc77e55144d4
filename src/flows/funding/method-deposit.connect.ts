import type { SnapshotFrom } from 'xstate';
import { METHOD_NAMES, isMethod } from '../../../core/methods';
import { msg } from '../../../core/message';
import type { methodDepositMachine } from '../../../machines/method-deposit/method-deposit.machine';
import type { MethodDepositEvent, SubmitFields } from '../../../machines/method-deposit/method-deposit.types';
import type { PagePayment } from '../../../machines/funding/payment';
import { withReadableUntil } from '../shared/dates';
import { buttonProps, fieldProps, formProps, regionProps, statusProps, submitProps, titleProps } from '../shared/props';

export type MethodDepositSnapshot = SnapshotFrom<typeof methodDepositMachine>;

/** Nothing to pay (the return page never submits). */
export const NO_PAYMENT = (): PagePayment => ({ amount: '', bonus: false, promo: '' });

/**
 * What a wallet tab and the return page show: flags, texts as message keys, handlers. `payment`
 * reads what the funding page's amount line pays when Deposit is pressed (amount, bonus, promo).
 */
export function connectMethodDeposit(s: MethodDepositSnapshot, send: (event: MethodDepositEvent) => void, payment: () => PagePayment = NO_PAYMENT) {
  const c = s.context;
  const isStarting = s.matches('starting');
  const isRedirecting = s.matches('redirecting');
  const isListening = s.matches('listening');
  const isDemo = s.matches('demoBlocked');
  const isForm = s.matches('editing') || isStarting || isRedirecting;
  const isBusy = isStarting || isRedirecting;
  const isPaid = s.matches('paid');
  const isFailed = s.matches('failed');
  const needsAccount = c.flow === 'direct';
  const onSubmit = (fields: SubmitFields = {}) => send({ type: 'deposit.submit', ...fields, payment: payment() });
  const onAgain = () => send({ type: 'deposit.again' });
  // the heading that names the tab's section: the demo notice's, the form's or the result's
  const titleId = isDemo ? 'method-demo-title' : isForm ? `method-title-${c.method}` : 'method-result-title';
  /** Neteller's account and secure id: not kept (no value), they go from the inputs into the submit event only */
  const secret = (id: string, name: string) => {
    const props = fieldProps({ id, name, required: true, disabled: isBusy });
    return props;
  };
  return {
    getRegionProps: () => regionProps(titleId),
    getTitleProps: () => titleProps(titleId),
    /** a demo account cannot deposit: said at once */
    getDemoProps: () => ({ role: 'alert' as const }),
    getFormProps: () =>
      formProps({
        busy: isBusy,
        onSubmit: (values) => onSubmit(needsAccount ? { account: String(values.get('net_account') ?? ''), secureId: String(values.get('secure_id') ?? '') } : {}),
      }),
    getFieldProps: (field: 'account' | 'secureId') => (field === 'account' ? secret('method-account', 'net_account') : secret('method-secure-id', 'secure_id')),
    getErrorProps: () => ({ role: 'alert' as const }),
    getSubmitProps: () => submitProps({ busy: isBusy }),
    /** paid or not: the focus goes to the result */
    getResultProps: () => statusProps({ focusOn: isPaid ? 'paid' : isFailed ? 'failed' : null }),
    /** another deposit (the return page: back to the funding page) */
    getAgainProps: (onBack?: () => void) => buttonProps(onBack ?? onAgain),
    method: c.method,
    /** the method's name as its funding tab says it (ЮMoney in Russian), else its own */
    name: msg(`funding.tab.${c.method}`, isMethod(c.method) ? METHOD_NAMES[c.method] : c.method),
    /** Neteller asks for the wallet account and its secure id */
    needsAccount,
    isDemo,
    /** the form is shown (editing, starting or leaving for the provider's page) */
    isForm,
    isBusy,
    isListening,
    isPaid,
    isFailed,
    /** flagged for review (an amount the provider confirmed differently): nothing was credited */
    isFlagged: isFailed && c.status === 'flagged',
    amount: c.amount,
    currency: c.currency,
    minDeposit: c.minDeposit,
    depositId: c.depositId,
    /** a refusal; a break's end (deposit.excluded) written for the trader */
    error: withReadableUntil(c.error),
    shakes: c.shakes,
    submitLabel: isStarting ? msg('method.submitting') : isRedirecting ? msg('method.redirecting') : msg('method.submit'),
    /** Deposit: the method's fields (Neteller's) with the amount line's amount, bonus and promo code */
    onSubmit,
    onAgain,
  };
}

export type MethodDepositViewModel = ReturnType<typeof connectMethodDeposit>;
