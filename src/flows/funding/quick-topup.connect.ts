import type { SnapshotFrom } from 'xstate';
import { msg } from '../../../core/message';
import { formatAmount } from '../shared/money';
import type { quickTopUpMachine } from '../../../machines/quick-topup/quick-topup.machine';
import type { QuickTopUpEvent } from '../../../machines/quick-topup/quick-topup.types';

export type QuickTopUpSnapshot = SnapshotFrom<typeof quickTopUpMachine>;

/** connect() for the quick top-up panel: shown only when offered; the confirmation names the exact amount and card. */
export function connectQuickTopUp(s: QuickTopUpSnapshot, send: (event: QuickTopUpEvent) => void, lang = 'en') {
  const c = s.context;
  const isCharging = s.matches('charging');
  const card = c.cards.find((x) => x.token === c.card) ?? null;
  return {
    /** nothing to show: not offered (rule, no card, demo) or still loading */
    isHidden: s.matches('boot') || s.matches('loading') || s.matches('unavailable'),
    isForm: s.matches('editing'),
    isConfirming: s.matches('confirming'),
    isCharging,
    isApproved: s.matches('approved'),
    currency: c.currency,
    amount: c.amount,
    onAmount: (value: string) => send({ type: 'amount.change', value }),
    cards: c.cards.map((x) => ({ token: x.token, label: `${x.brand.toUpperCase()} •••• ${x.last4}`, selected: x.token === c.card })),
    onCard: (token: string) => send({ type: 'card.select', token }),
    error: c.error,
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
