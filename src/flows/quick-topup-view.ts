import type { SnapshotFrom } from 'xstate';
import { msg } from '../../core/message';
import type { quickTopUpMachine } from '../../machines/quick-topup/quick-topup.machine';
import type { QuickTopUpEvent } from '../../machines/quick-topup/quick-topup.types';

export type QuickTopUpSnapshot = SnapshotFrom<typeof quickTopUpMachine>;

/** connect() for the quick top-up panel: shown only when offered; the confirmation names the exact amount and card. */
export function connectQuickTopUp(s: QuickTopUpSnapshot, send: (event: QuickTopUpEvent) => void) {
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
    /** "Charge {amount} {currency} to {card}?" */
    question: msg('quick.confirm_question', undefined, { amount: c.confirmed, currency: c.currency, card: card ? `${card.brand.toUpperCase()} •••• ${card.last4}` : '' }),
    onYes: () => send({ type: 'confirm.yes' }),
    onNo: () => send({ type: 'confirm.no' }),
    done: c.result ? msg('quick.done', undefined, { amount: c.result.amount, currency: c.result.currency }) : null,
    onAgain: () => send({ type: 'quick.again' }),
  };
}

export type QuickTopUpApi = ReturnType<typeof connectQuickTopUp>;
