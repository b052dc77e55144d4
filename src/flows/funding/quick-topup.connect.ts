import type { SnapshotFrom } from 'xstate';
import { msg } from '../../../core/message';
import { formatAmount } from '../shared/money';
import { withReadableUntil } from '../shared/dates';
import { buttonProps, fieldErrorProps, fieldProps, formProps, regionProps, statusProps, submitProps, titleProps } from '../shared/props';
import type { quickTopUpMachine } from '../../../machines/quick-topup/quick-topup.machine';
import type { QuickTopUpEvent } from '../../../machines/quick-topup/quick-topup.types';

export type QuickTopUpSnapshot = SnapshotFrom<typeof quickTopUpMachine>;

/** connect() for the quick top-up panel: shown only when offered; the confirmation names the exact amount and card. */
export function connectQuickTopUp(s: QuickTopUpSnapshot, send: (event: QuickTopUpEvent) => void, lang = 'en') {
  const c = s.context;
  const isCharging = s.matches('charging');
  const card = c.cards.find((x) => x.token === c.card) ?? null;
  const isApproved = s.matches('approved');
  const onAmount = (value: string) => send({ type: 'amount.change', value });
  const onCard = (token: string) => send({ type: 'card.select', token });
  return {
    getRegionProps: () => regionProps('quick-title'),
    getTitleProps: () => titleProps('quick-title'),
    getFormProps: () => formProps({ onSubmit: () => send({ type: 'quick.submit' }) }),
    getFieldProps: (field: 'card' | 'amount') =>
      field === 'card'
        ? fieldProps({ id: 'quick-card', value: card?.token ?? '', onValue: onCard })
        : fieldProps({ id: 'quick-amount', value: c.amount, invalid: c.error !== null, onValue: onAmount }),
    getErrorProps: () => fieldErrorProps('quick-amount'),
    getSubmitProps: () => submitProps(),
    /** the question before the charge: an alert dialog inline, named by the question */
    getConfirmProps: () => ({ role: 'alertdialog' as const, ...regionProps('quick-question') }),
    getQuestionProps: () => ({ id: 'quick-question' }),
    getYesProps: () => buttonProps(() => send({ type: 'confirm.yes' }), { disabled: isCharging }),
    getNoProps: () => buttonProps(() => send({ type: 'confirm.no' }), { disabled: isCharging }),
    /** the charge went through: the focus goes there */
    getDoneProps: () => statusProps({ focusOn: isApproved ? 'done' : null }),
    getAgainProps: () => buttonProps(() => send({ type: 'quick.again' })),
    /** nothing to show: not offered (rule, no card, demo) or still loading */
    isHidden: s.matches('boot') || s.matches('loading') || s.matches('unavailable'),
    isForm: s.matches('editing'),
    isConfirming: s.matches('confirming'),
    isCharging,
    isApproved,
    currency: c.currency,
    amount: c.amount,
    onAmount,
    cards: c.cards.map((x) => ({ token: x.token, label: `${x.brand.toUpperCase()} •••• ${x.last4}`, selected: x.token === c.card })),
    onCard,
    /** a refusal; a break's end (deposit.excluded) written for the trader */
    error: withReadableUntil(c.error),
    shakes: c.shakes,
    onSubmit: () => send({ type: 'quick.submit' }),
    /** "Charge {amount} to {card}?", the amount written for the trader (core/format: "$300.00", "300,00 $") */
    question: msg('quick.confirm_question', undefined, { amount: formatAmount(c.confirmed, c.currency, lang), card: card ? `${card.brand.toUpperCase()} •••• ${card.last4}` : '' }),
    onYes: () => send({ type: 'confirm.yes' }),
    onNo: () => send({ type: 'confirm.no' }),
    done: c.result ? msg('quick.done', undefined, { amount: formatAmount(c.result.amount, c.result.currency, lang) }) : null,
    onAgain: () => send({ type: 'quick.again' }),
  };
}

export type QuickTopUpApi = ReturnType<typeof connectQuickTopUp>;
