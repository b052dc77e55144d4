import type { ActorRefFrom, AnyActorRef, SnapshotFrom } from 'xstate';
import { amountProblem, bonusOf, bonusOffered, normalizeAmount, sliderSteps, type BonusRules } from '../../../core/amount';
import { describeCard } from '../../../core/card-facts';
import { msg, type Msg } from '../../../core/message';
import type { cardFormMachine } from '../../../machines/card-form/card-form.machine';
import type { CardField } from '../../../machines/card-form/card-form.types';
import type { fundingMachine } from '../../../machines/funding/funding.machine';
import type { FundingEvent } from '../../../machines/funding/funding.types';
import { depositAmount, pageBonus } from '../../../machines/funding/payment';
import { hasAmountLine, isCardTab, type TabId } from '../../../machines/funding/tabs';
import type { CascadeContext } from '../../../machines/cascade/cascade.types';
import type { EntropayContext } from '../../../machines/cascade/entropay.types';
import { selectCascadeView, selectFinishedSteps, type StepLine } from './funding.select';
import { formatAmount } from '../shared/money';

/**
 * connect() for the funding page and its card form (the Zag.js pattern): from a snapshot and the
 * page actor's send, what the view shows (flags, values, message keys) and what it calls
 * (handlers). Views use only this: no state names, no rules, no machine inputs.
 */

export type FundingSnapshot = SnapshotFrom<typeof fundingMachine>;
export type CardSnapshot = SnapshotFrom<typeof cardFormMachine>;
export type FundingSend = (event: FundingEvent) => void;

export interface TabView {
  id: TabId;
  label: Msg;
  selected: boolean;
  onSelect: () => void;
}

/** A dialog of the page for the modal manager (the add parameter's alert, the partner-risk popup). */
export interface FundingPopup {
  title: Msg;
  text: Msg;
  variant: 'error' | 'success' | 'info' | 'warning';
  /** a way forward the dialog offers (the risk popup: verify now), else only Close */
  action?: { label: Msg; href: string };
}

/** The deposit line: amount, slider steps, bonus tier, promo code. */
export interface AmountLineView {
  currency: string;
  /** US and CA: the amount is fixed */
  isLocked: boolean;
  fixedAmount: string;
  /** as typed */
  typed: string;
  /** the typed amount as a decimal */
  value: string;
  min: string;
  /** why the typed amount cannot be paid, null when it can */
  problem: Msg | null;
  steps: Array<{ value: string; selected: boolean; onPick: () => void }>;
  stepIndex: number;
  onChange: (value: string) => void;
  onSlide: (index: number) => void;
  /** no bonus at all here (fixed mode, demo, a coin currency): the server would pay none */
  hasBonus: boolean;
  /** why there is none: fixed mode, or the account (demo, a coin currency) */
  noBonus: 'funding.bonus.none' | 'funding.bonus.none_account';
  bonusOn: boolean;
  onBonus: (on: boolean) => void;
  /** the tier the amount reaches and the exact bonus the server credits (shown dimmed while the bonus is off); null for a bad amount */
  tier: { name: string; percent: string; tierValue: string; bonus: string } | null;
  /** the bonus's terms, shown before paying: the turnover it asks before it can be withdrawn (value × multiplier) */
  terms: { turnover: string; multiplier: string } | null;
  /** what the trader's activated promotion adds (the server's promotions_max, already in `tier`'s percent and bonus); null: none */
  promotion: { percent: string; max: string } | null;
  /** a fixed value a valid promo code adds, '' without one */
  promoValue: string;
  maxBonusPercent: string;
  maxBonusValue: string;
  /** the example under the cap sentence, computed by the rule itself (core/amount.ts bonusOf): the first quick amount the cap bites on, else the largest */
  capExample: CapExample | null;
  promo: string;
  isPromoChecking: boolean;
  promoError: Msg | null;
  /** percent a valid code adds, '' without one */
  promoPercent: string;
  onPromoChange: (value: string) => void;
  onPromoApply: () => void;
  /** the promo link asked to bring the line into view; call onScrolled once done */
  scrollIntoView: boolean;
  onScrolled: () => void;
}

const RISK_POPUP: FundingPopup = {
  title: msg('funding.risk.title'),
  text: msg('funding.risk.text'),
  variant: 'warning',
  // the personal page is where verification happens (issue 13); once Full the card tabs open
  action: { label: msg('funding.risk.verify'), href: '#/show/personal' },
};

export function connectFunding(s: FundingSnapshot, send: FundingSend, lang = 'en') {
  const c = s.context;
  const dialog = s.matches({ ready: { dialog: 'alert' } }) ? 'alert' : s.matches({ ready: { dialog: 'risk' } }) ? 'risk' : 'none';
  // the same object while the dialog is up: a view effect on it runs once
  const popup: FundingPopup | null = dialog === 'alert' ? c.alert : dialog === 'risk' ? RISK_POPUP : null;
  return {
    isLoading: s.matches('loading'),
    isLoadFailed: s.matches('loadFailed'),
    isReady: s.matches('ready'),
    isDemo: c.demo,
    loadError: c.error,
    tab: c.tab,
    tabs: c.tabs.map((tab): TabView => ({ id: tab, label: msg(`funding.tab.${tab}`), selected: tab === c.tab, onSelect: () => send({ type: 'tab.select', tab }) })),
    /** the card and JCB tabs (the quick top-up, the form beside the amount line) */
    isCardTab: isCardTab(c.tab),
    /** this tab pays the amount line's amount, bonus and promo code (cards, wallets, bank, fiat) */
    hasAmountLine: hasAmountLine(c.tab),
    /** a dialog to show once through the modal manager; then call onPopupShown */
    popup,
    onPopupShown: () => send({ type: 'alert.close' }),
    onRetry: () => send({ type: 'options.retry' }),
    amountLine: amountLine(s, send),
    /** what Deposit on the card form pays; `text` written for the trader (core/format: "$250.00", "250,00 $") */
    deposit: c.options ? depositOf(depositAmount(c), c.options.currency, lang) : null,
    /** the daily card limit as the server reported it with the options, shown before a card is typed (spec 000 §9: 3 a UTC day) */
    cardLimit: c.options ? { left: Math.max(0, c.options.dailyLimit - c.options.cardsToday), limit: c.options.dailyLimit } : null,
  };
}

export interface CapExample {
  amount: string;
  /** what the tier's percent and fixed amount add up to */
  counted: string;
  /** what is paid: `counted`, at most the max value */
  bonus: string;
  capped: boolean;
}

/** An example of the bonus rule from the rule itself, so that the cap sentence and its example never disagree (issue 27). */
export function capExample(steps: readonly string[], rules: BonusRules): CapExample | null {
  const uncapped: BonusRules = { ...rules, maxBonusValue: '1000000000000' };
  const examples = steps.flatMap((amount) => {
    const paid = bonusOf(amount, rules);
    const counted = bonusOf(amount, uncapped);
    return paid && counted ? [{ amount, counted: counted.value, bonus: paid.value, capped: counted.value !== paid.value }] : [];
  });
  return examples.find((e) => e.capped) ?? examples.at(-1) ?? null;
}

function amountLine(s: FundingSnapshot, send: FundingSend): AmountLineView | null {
  const c = s.context;
  const o = c.options;
  if (!o) return null;
  const value = normalizeAmount(c.amount);
  const problem = amountProblem(c.amount, o.minDeposit, o.maxDeposit);
  const steps = sliderSteps(o.minDeposit);
  // exactly what the server credits: the same core function (core/amount.ts depositBonus)
  const tier = problem ? null : pageBonus(c);
  return {
    currency: o.currency,
    isLocked: s.matches({ ready: { amount: 'locked' } }),
    fixedAmount: o.fixedAmount ?? '0',
    typed: c.amount,
    value,
    min: o.minDeposit,
    problem,
    steps: steps.map((step) => ({ value: step, selected: step === value, onPick: () => send({ type: 'amount.step', value: step }) })),
    stepIndex: Math.max(0, steps.findIndex((step) => step === value)),
    onChange: (typed) => send({ type: 'amount.change', value: typed }),
    onSlide: (index) => send({ type: 'amount.step', value: steps[index] }),
    hasBonus: bonusOffered({ currency: o.currency, fixed: c.fixed, demo: c.demo }),
    noBonus: c.fixed ? 'funding.bonus.none' : 'funding.bonus.none_account',
    bonusOn: c.bonus,
    onBonus: (on) => send({ type: 'bonus.toggle', on }),
    tier: tier && { name: tier.tier, percent: tier.percent, tierValue: o.tiers.find((x) => x.name === tier.tier)?.value ?? '0', bonus: tier.value },
    terms: tier && { turnover: tier.turnover, multiplier: tier.multiplier },
    promotion: o.promotion ?? null,
    maxBonusPercent: o.maxBonusPercent,
    maxBonusValue: o.maxBonusValue,
    capExample: capExample(steps, { tiers: o.tiers, maxBonusPercent: o.maxBonusPercent, maxBonusValue: o.maxBonusValue }),
    promo: c.promo,
    isPromoChecking: s.matches({ ready: { promo: 'checking' } }),
    promoError: c.promoError,
    promoPercent: c.promoPercent !== '0' ? c.promoPercent : '',
    promoValue: c.promoValue !== '0' ? c.promoValue : '',
    onPromoChange: (typed) => send({ type: 'promo.change', value: typed }),
    onPromoApply: () => send({ type: 'promo.apply' }),
    scrollIntoView: c.scrollToAmount,
    onScrolled: () => send({ type: 'amount.scrolled' }),
  };
}

/** An amount with its currency and the way the trader reads it (core/format, the page's language). */
const depositOf = (amount: string, currency: string, lang: string) => ({ amount, currency, text: formatAmount(amount, currency, lang) });

/** The card form the page invoked (card and JCB tabs), or undefined while none is open. */
export const cardFormOf = (s: FundingSnapshot): ActorRefFrom<typeof cardFormMachine> | undefined =>
  (s.children as Record<string, ActorRefFrom<typeof cardFormMachine> | undefined>).cardForm;

/** the fields the form keeps (the number and the CVV stay in their inputs) */
type EditableField = 'name' | 'country' | 'currency' | 'month' | 'year';

/** The card form: its fields, its error, the running cascade, the result; every event goes to the page, which forwards it. */
export function connectCard(s: CardSnapshot, send: FundingSend, lang = 'en') {
  const c = s.context;
  const isEditing = s.matches('editing');
  const isSaving = s.matches('saving');
  const isPaying = s.matches('paying');
  const isApproved = s.matches('approved');
  const isRedirected = s.matches('redirected');
  return {
    /** the JCB form (accepts only JCB cards) */
    isJcb: c.jcb,
    isEditing,
    isSaving,
    isPaying,
    isApproved,
    /** the form is locked: saving, paying, or a processor's page took over */
    isBusy: isSaving || isPaying || isRedirected,
    fields: { name: c.name, month: c.expMonth, year: c.expYear, country: c.country, currency: c.currency },
    /** the expiry years offered: this year and the next 14 */
    years: Array.from({ length: 15 }, (_, i) => String(c.year + i)),
    isInvalid: (field: CardField) => c.error !== null && c.error.field === field,
    /** the refused submit's reason; `shakes` changes with every refusal */
    error: c.error ? { text: c.error.msg, shakes: c.shakes } : null,
    /** the last payment's end, kept on the form (declined, every processor failed, stopped) */
    resultError: !c.error && isEditing && c.result?.error ? c.result.error : null,
    /** the steps of the payment that ended, until the trader moves on */
    finishedSteps: selectFinishedSteps(s) as StepLine[],
    /** the approved payment; `text` written for the trader (core/format) */
    approved: isApproved ? depositOf(c.result?.amount ?? '', c.result?.currency ?? '', lang) : null,
    /** the running cascade while paying */
    cascade: isPaying ? ((s.children as Record<string, AnyActorRef | undefined>).cascade ?? null) : null,
    onField: (field: EditableField, value: string) => send({ type: 'field.change', field, value }),
    /** the number or the CVV was edited (their values stay in the inputs) */
    onSecretChange: () => send({ type: 'secret.change' }),
    /** Deposit: the number and the CVV go in the event only */
    onSubmit: (card: { number: string; cvv: string }) => send({ type: 'card.submit', card: describeCard(card.number), cvv: card.cvv, now: Date.now() }),
    onResultClose: () => send({ type: 'result.close' }),
    /** the cascade's buttons (why, another tab, close, retry, cancel, stop) */
    sendCascade: (event: { type: string; tab?: string }) => send(event as FundingEvent),
  };
}

export type FundingView = ReturnType<typeof connectFunding>;
export type CardView = ReturnType<typeof connectCard>;

/** What the cascade's and the Entropay dialog's views read: a snapshot of those machines, loosely typed (they are grandchildren). */
interface MatchingSnapshot<C> {
  context: C;
  children: Record<string, AnyActorRef | undefined>;
  matches: (value: never) => boolean;
}
type CascadeSnapshotLike = MatchingSnapshot<CascadeContext>;
type CascadeSend = (event: { type: string; tab?: string }) => void;

/** The running cascade (a child of the card form): which step, the processor tried, its dialogs and their buttons. */
export function connectCascade(s: CascadeSnapshotLike, send: CascadeSend) {
  const is = (value: string | Record<string, string>) => (s.matches as (v: unknown) => boolean)(value);
  const isChecking = is('boot') || is('checking');
  const isDayLimitWhy = is({ dayLimit: 'explaining' });
  const isDayLimit = is('dayLimit');
  const isDelaying = is('delaying');
  const isTrying = is('next') || is('preparing') || is('starting') || is('deciding');
  const isEntropay = is('entropay');
  const isDoNotHonor = is('doNotHonor');
  const view = selectCascadeView(s as never);
  return {
    isChecking,
    isTrying,
    isDelaying,
    isListening: is('listening'),
    isRedirecting: is('redirecting'),
    isInterrupted: is('interrupted'),
    /** the daily-limit dialog; isDayLimitWhy once the trader asked why */
    isDayLimit,
    isDayLimitWhy,
    isDoNotHonor,
    isEntropay,
    /** a step that asks the trader something: shown as a modal */
    isDialog: isDayLimit || isDoNotHonor || isEntropay,
    /** Escape closes the limit and bank dialogs, never Entropay's */
    closesOnEscape: isDayLimit || isDoNotHonor,
    processor: view?.processor ?? '',
    n: view?.n ?? 0,
    total: view?.total ?? 0,
    steps: view?.steps ?? [],
    error: s.context.error ?? msg('cascade.response_error'),
    entropay: isEntropay ? (s.children.entropay ?? null) : null,
    /** the payment's currency (Entropay's dialog names the amount with it) */
    currency: s.context.payment?.currency ?? '',
    onStop: () => send({ type: 'listen.stop' }),
    onRetry: () => send({ type: 'payment.retry' }),
    onCancel: () => send({ type: 'payment.cancel' }),
    onWhy: () => send({ type: 'dialog.why' }),
    onTab: (tab: 'bitcoin' | 'bank') => send({ type: 'dialog.tab', tab }),
    onClose: () => send({ type: 'dialog.close' }),
  };
}

/** Entropay's start and CVV dialogs; the CVV goes with the event only. */
export function connectEntropay(s: MatchingSnapshot<EntropayContext>, send: (event: { type: string; cvv?: string }) => void, currency = '', lang = 'en') {
  const is = (value: string) => (s.matches as (v: unknown) => boolean)(value);
  const isSending = is('sending');
  return {
    isStart: is('start'),
    isCvv: is('cvv') || isSending,
    isSending,
    error: s.context.error,
    shakes: s.context.shakes,
    amount: s.context.amount,
    /** the amount written for the trader (core/format), with the payment's currency when known */
    amountText: currency ? formatAmount(s.context.amount, currency, lang) : s.context.amount,
    onConfirm: () => send({ type: 'entropay.confirm' }),
    onReject: () => send({ type: 'entropay.reject' }),
    onCvvChange: () => send({ type: 'cvv.change' }),
    onCvvSubmit: (cvv: string) => send({ type: 'cvv.submit', cvv }),
  };
}

export type CascadeView = ReturnType<typeof connectCascade>;
