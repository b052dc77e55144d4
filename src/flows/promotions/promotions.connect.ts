import type { SnapshotFrom } from 'xstate';
import type { Promotion, PromotionText } from '../../../core/contract/promotions';
import type { promotionsMachine } from '../../../machines/promotions/promotions.machine';
import type { PromotionsEvent } from '../../../machines/promotions/promotions.types';
import { formatAmount } from '../shared/money';
import { statusProps } from '../shared/props';

export type PromotionsSnapshot = SnapshotFrom<typeof promotionsMachine>;

/** One row of the promotions table, in the page's language. */
export interface PromotionRow {
  id: string;
  text: PromotionText;
  percent: string;
  max: string;
  /** the maximum per deposit written for the trader, in the promotion's currency, else the account's (core/format) */
  maxText: string;
  currency: string | null;
  startsAt: string;
  endsAt: string;
  activatedAt: string | null;
  /** why it cannot be activated: activated already, or not for this account ('' when it can) */
  blocked: '' | 'activated' | 'not_eligible';
  onOpen: () => void;
}

const textOf = (p: Promotion, lang: string): PromotionText => (lang === 'ru' ? p.ru : p.en);

/** connect() for #/show/promotions (spec 001 §2-4): the table, the terms with a confirm, the outcome. */
export function connectPromotions(s: PromotionsSnapshot, send: (event: PromotionsEvent) => void, lang: string) {
  const c = s.context;
  const rows: PromotionRow[] = c.promotions.map((p) => ({
    id: p.id,
    text: textOf(p, lang),
    percent: p.percent,
    max: p.max,
    maxText: formatAmount(p.max, p.currency ?? c.currency, lang),
    currency: p.currency,
    startsAt: p.startsAt,
    endsAt: p.endsAt,
    activatedAt: p.activatedAt,
    blocked: p.activatedAt !== null ? 'activated' : p.eligible ? '' : 'not_eligible',
    onOpen: () => send({ type: 'promotion.open', id: p.id }),
  }));
  const chosen = c.chosen ? c.promotions.find((p) => p.id === c.chosen) : undefined;
  const isTerms = s.matches('terms') || s.matches('activating') || s.matches('activateFailed') || s.matches('refused');
  const justActivated = c.activated ? c.promotions.find((p) => p.id === c.activated?.id) : undefined;
  return {
    isLoading: s.matches('loading') || s.matches('activated'),
    /** the list could not be read: its error with a retry */
    isFailed: s.matches('failed'),
    error: c.error,
    onRetry: () => send({ type: 'retry' }),
    rows,
    currency: c.currency,
    isEmpty: s.matches('list') && rows.length === 0,
    /** the terms shown before activation (and while it is sent, refused or failed) */
    terms: isTerms && chosen ? { id: chosen.id, text: textOf(chosen, lang), percent: chosen.percent, max: chosen.max, maxText: formatAmount(chosen.max, chosen.currency ?? c.currency, lang), currency: chosen.currency, endsAt: chosen.endsAt } : null,
    isActivating: s.matches('activating'),
    onConfirm: () => send({ type: 'confirm' }),
    onCancel: () => send({ type: 'cancel' }),
    /** the server refused: its message, closed with dismiss (the list is read again) */
    refusal: s.matches('refused') ? c.error : null,
    onDismiss: () => send({ type: 'dismiss' }),
    /** no answer: the activation may be sent again (the server stores it once) */
    activateFailed: s.matches('activateFailed') ? c.error : null,
    onRetryActivate: () => send({ type: 'retry' }),
    /** after the list reloaded: the promotion just activated */
    activated: s.matches('list') && justActivated ? { title: textOf(justActivated, lang).title, percent: justActivated.percent } : null,
    /** the loading line: busy */
    getLoadingProps: () => ({ 'aria-busy': true as const }),
    /** the list's failure, the refusal and the failed activation: announced at once */
    getProblemProps: () => ({ role: 'alert' as const }),
    /** the promotion just activated: announced */
    getActivatedProps: () => statusProps(),
  };
}

export type PromotionsApi = ReturnType<typeof connectPromotions>;
