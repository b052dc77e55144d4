import type { SnapshotFrom } from 'xstate';
import { METHOD_NAMES, isMethod } from '../../../core/methods';
import { msg } from '../../../core/message';
import type { methodDepositMachine } from '../../../machines/method-deposit/method-deposit.machine';
import type { MethodDepositEvent, SubmitFields } from '../../../machines/method-deposit/method-deposit.types';
import type { PagePayment } from '../../../machines/funding/payment';

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
  return {
    method: c.method,
    /** the method's name as its funding tab says it (ЮMoney in Russian), else its own */
    name: msg(`funding.tab.${c.method}`, isMethod(c.method) ? METHOD_NAMES[c.method] : c.method),
    /** Neteller asks for the wallet account and its secure id */
    needsAccount: c.flow === 'direct',
    isDemo: s.matches('demoBlocked'),
    /** the form is shown (editing, starting or leaving for the provider's page) */
    isForm: s.matches('editing') || isStarting || isRedirecting,
    isBusy: isStarting || isRedirecting,
    isListening,
    isPaid: s.matches('paid'),
    isFailed: s.matches('failed'),
    /** flagged for review (an amount the provider confirmed differently): nothing was credited */
    isFlagged: s.matches('failed') && c.status === 'flagged',
    amount: c.amount,
    currency: c.currency,
    minDeposit: c.minDeposit,
    depositId: c.depositId,
    error: c.error,
    shakes: c.shakes,
    submitLabel: isStarting ? msg('method.submitting') : isRedirecting ? msg('method.redirecting') : msg('method.submit'),
    /** Deposit: the method's fields (Neteller's) with the amount line's amount, bonus and promo code */
    onSubmit: (fields: SubmitFields = {}) => send({ type: 'deposit.submit', ...fields, payment: payment() }),
    onAgain: () => send({ type: 'deposit.again' }),
  };
}

export type MethodDepositViewModel = ReturnType<typeof connectMethodDeposit>;
