import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { amountProblem, bonusOf, bonusOffered, normalizeAmount, sliderSteps, type BonusRules } from '../../../core/amount';
import { describeCard, groupCardNumber } from '../../../core/card-facts';
import { msg, type Msg } from '../../../core/message';
import type { cardFormMachine } from '../../../machines/card-form/card-form.machine';
import type { CardField } from '../../../machines/card-form/card-form.types';
import type { cascadeMachine } from '../../../machines/cascade/cascade.machine';
import type { entropayMachine } from '../../../machines/cascade/entropay.machine';
import type { fundingMachine } from '../../../machines/funding/funding.machine';
import type { CardFormForwarded, FundingEvent } from '../../../machines/funding/funding.types';
import { depositAmount, pageBonus } from '../../../machines/funding/payment';
import { hasAmountLine, isCardTab, type TabId } from '../../../machines/funding/tabs';
import { selectFinishedSteps, stepLines } from './funding.select';
import { formatAmount } from '../shared/money';
import { withReadableUntil } from '../shared/dates';
import { buttonProps, errorIdOf, fieldErrorProps, fieldProps, formProps, labelProps, regionProps, statusProps, submitProps, titleProps } from '../shared/props';

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
  /** the flow would not take this choice now (the options are loading or failed to load): shown disabled, so a click is never silently lost */
  disabled: boolean;
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
export type AmountLineView = AmountLineFacts & ReturnType<typeof amountLineGetters>;

interface AmountLineFacts {
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
  /** why there is none: fixed mode, the account (demo, a coin currency), or the trader is offered no incentives now */
  noBonus: 'funding.bonus.none' | 'funding.bonus.none_account' | 'funding.bonus.none_incentives';
  /** the promo code field is there (not for a trader offered no incentives: the server refuses every code) */
  promoOffered: boolean;
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
  // the personal page is where verification happens; once Full the card tabs open
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
    tabs: c.tabs.map((tab): TabView => ({ id: tab, label: msg(`funding.tab.${tab}`), selected: tab === c.tab, disabled: !s.can({ type: 'tab.select', tab }), onSelect: () => send({ type: 'tab.select', tab }) })),
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

/** An example of the bonus rule from the rule itself, so that the cap sentence and its example never disagree. */
export function capExample(steps: readonly string[], rules: BonusRules): CapExample | null {
  const uncapped: BonusRules = { ...rules, maxBonusValue: '1000000000000' };
  const examples = steps.flatMap((amount) => {
    const paid = bonusOf(amount, rules);
    const counted = bonusOf(amount, uncapped);
    return paid && counted ? [{ amount, counted: counted.value, bonus: paid.value, capped: counted.value !== paid.value }] : [];
  });
  return examples.find((e) => e.capped) ?? examples.at(-1) ?? null;
}

const AMOUNT_FIELD = 'fund-amount-field';
const AMOUNT_HINT = 'fund-amount-hint';
const PROMO_FIELD = 'fund-promo-code';

/** The amount line's parts: the amount (read with its hint, or with its problem), the steps, the tier, the promo code and its answer. */
function amountLineGetters(line: AmountLineFacts) {
  return {
    getFieldProps: (_field: 'amount') =>
      fieldProps({ id: AMOUNT_FIELD, name: 'amount', value: line.typed, invalid: line.problem !== null, describedBy: line.problem ? [] : [AMOUNT_HINT], onValue: line.onChange }),
    /** the hint under the amount; it says the problem when there is one (then it is the field's message) */
    getHintProps: () => ({ id: line.problem ? errorIdOf(AMOUNT_FIELD) : AMOUNT_HINT }),
    getStepProps: (step: AmountLineFacts['steps'][number]) => buttonProps(step.onPick, { pressed: step.selected }),
    /** the tier and bonus, read politely as the amount changes */
    getTierProps: () => ({ 'aria-live': 'polite' as const }),
    getPromoFormProps: () => formProps({ busy: line.isPromoChecking, onSubmit: line.onPromoApply }),
    getPromoFieldProps: () => fieldProps({ id: PROMO_FIELD, name: 'promo', value: line.promo, invalid: line.promoError !== null, onValue: line.onPromoChange }),
    /** the code's answer: read politely, at once when refused (then it is the field's message) */
    getPromoMessageProps: () => (line.promoError ? { ...fieldErrorProps(PROMO_FIELD), 'aria-live': 'polite' as const } : { 'aria-live': 'polite' as const }),
    getPromoSubmitProps: () => submitProps({ busy: line.isPromoChecking }),
  };
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
  const facts: AmountLineFacts = {
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
    hasBonus: !o.incentivesOff && bonusOffered({ currency: o.currency, fixed: c.fixed, demo: c.demo }),
    noBonus: o.incentivesOff ? 'funding.bonus.none_incentives' : c.fixed ? 'funding.bonus.none' : 'funding.bonus.none_account',
    promoOffered: !o.incentivesOff,
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
  return { ...facts, ...amountLineGetters(facts) };
}

/** An amount with its currency and the way the trader reads it (core/format, the page's language). */
const depositOf = (amount: string, currency: string, lang: string) => ({ amount, currency, text: formatAmount(amount, currency, lang) });

/** The card form the page invoked (card and JCB tabs), or undefined while none is open. */
export const cardFormOf = (s: FundingSnapshot): CardFormActor | undefined => s.children.cardForm as CardFormActor | undefined;

export type CardFormActor = ActorRefFrom<typeof cardFormMachine>;
export type CascadeActor = ActorRefFrom<typeof cascadeMachine>;
export type CascadeSnapshot = SnapshotFrom<typeof cascadeMachine>;
export type EntropayActor = ActorRefFrom<typeof entropayMachine>;
export type EntropaySnapshot = SnapshotFrom<typeof entropayMachine>;

/** the fields the form keeps (the number and the CVV stay in their inputs) */
type EditableField = 'name' | 'country' | 'currency' | 'month' | 'year';
/** the card form's inputs: the kept fields and the two secrets */
export type CardInput = EditableField | 'number' | 'cvv';

/** Each input's id and its name (the names the browser's card autofill and the save call know). */
const CARD_INPUTS: Record<CardInput, { id: string; name: string }> = {
  name: { id: 'card-name', name: 'ccname' },
  number: { id: 'card-number', name: 'cnu' },
  month: { id: 'card-month', name: 'emm' },
  year: { id: 'card-year', name: 'eyy' },
  cvv: { id: 'card-cvv', name: 'cvv' },
  country: { id: 'card-country', name: 'cu' },
  currency: { id: 'card-currency', name: 'cur' },
};
const CVV_HINT = 'card-cvv-hint';
const FORM_ERROR = 'card-form-error';
const isInput = (field: string): field is CardInput => field in CARD_INPUTS;

/** The card form: its fields, its error, the running cascade, the result; every event goes to the page, which forwards it. */
export function connectCard(s: CardSnapshot, send: FundingSend, lang = 'en') {
  const c = s.context;
  const isEditing = s.matches('editing');
  const isSaving = s.matches('saving');
  const isPaying = s.matches('paying');
  const isApproved = s.matches('approved');
  const isRedirected = s.matches('redirected');
  const isBusy = isSaving || isPaying || isRedirected;
  const fields: Record<EditableField, string> = { name: c.name, month: c.expMonth, year: c.expYear, country: c.country, currency: c.currency };
  const isInvalid = (field: CardField) => c.error !== null && c.error.field === field;
  const onField = (field: EditableField, value: string) => send({ type: 'field.change', field, value });
  /** the number or the CVV was edited (their values stay in the inputs) */
  const onSecretChange = () => send({ type: 'secret.change' });
  /** Deposit: the number and the CVV go in the event only */
  const onSubmit = (card: { number: string; cvv: string }) => send({ type: 'card.submit', card: describeCard(card.number), cvv: card.cvv, now: Date.now() });
  const onResultClose = () => send({ type: 'result.close' });
  // a payment refused before any processor (a break's deposit.excluded among them): its end written for the trader
  const resultError = !c.error && isEditing && c.result?.error ? withReadableUntil(c.result.error) : null;
  return {
    /** the JCB form (accepts only JCB cards) */
    isJcb: c.jcb,
    isEditing,
    isSaving,
    isPaying,
    isApproved,
    /** the form is locked: saving, paying, or a processor's page took over */
    isBusy,
    fields,
    /** the expiry years offered: this year and the next 14 */
    years: Array.from({ length: 15 }, (_, i) => String(c.year + i)),
    isInvalid,
    /** the refused submit's reason; `shakes` changes with every refusal */
    error: c.error ? { text: withReadableUntil(c.error.msg), shakes: c.shakes } : null,
    /** the last payment's end, kept on the form (declined, every processor failed, stopped) */
    resultError,
    /** the steps of the payment that ended, until the trader moves on */
    finishedSteps: selectFinishedSteps(s),
    /** the approved payment; `text` written for the trader (core/format) */
    approved: isApproved ? depositOf(c.result?.amount ?? '', c.result?.currency ?? '', lang) : null,
    /** the running cascade while paying */
    cascade: isPaying ? cascadeOf(s) : null,
    onField,
    onSecretChange,
    onSubmit,
    onResultClose,
    /** the cascade's buttons (why, another tab, close, retry, cancel, stop) */
    sendCascade: (event: CascadeAsk) => send(event),

    /** the form section, named by its heading; the approved result's section, named by its own */
    getRegionProps: () => regionProps(isApproved ? 'card-done' : 'card-title'),
    getTitleProps: () => titleProps(isApproved ? 'card-done' : 'card-title'),
    /** the form: busy while the card is saved and paid; Deposit sends the number and CVV as typed */
    getFormProps: () =>
      formProps({ busy: isBusy, onSubmit: (values) => onSubmit({ number: String(values.get(CARD_INPUTS.number.name) ?? ''), cvv: String(values.get(CARD_INPUTS.cvv.name) ?? '') }) }),
    getLabelProps: (field: CardInput) => labelProps(CARD_INPUTS[field].id),
    /**
     * An input: id, name, `aria-invalid` when the refusal names it (its message then read with it)
     * and the change handler. The number and the CVV are not kept (no value): the number is
     * grouped as typed (4111 1111 …) and `onTyped` hears it (the view shows its card type).
     */
    getFieldProps: (field: CardInput, { onTyped }: { onTyped?: (value: string) => void } = {}) => {
      const { id, name } = CARD_INPUTS[field];
      const invalid = isInvalid(field);
      if (field === 'number' || field === 'cvv') {
        const props = fieldProps({ id, name, invalid, describedBy: field === 'cvv' ? [CVV_HINT] : [] });
        return {
          ...props,
          onChange: (e: { target: { value: string } }) => {
            if (field === 'number') {
              const grouped = groupCardNumber(e.target.value);
              if (grouped !== e.target.value && /^[\d\s-]*$/.test(e.target.value)) e.target.value = grouped;
            }
            onTyped?.(e.target.value);
            onSecretChange();
          },
        };
      }
      return fieldProps({ id, name, value: fields[field], invalid, onValue: (value) => onField(field, value) });
    },
    /** a hint read with its field (the CVV's: three digits on the back) */
    getHintProps: (_field: 'cvv') => ({ id: CVV_HINT }),
    /** the refused submit's message: read with the field it names, announced at once */
    getErrorProps: () => (c.error && isInput(c.error.field) ? fieldErrorProps(CARD_INPUTS[c.error.field].id) : { id: FORM_ERROR, role: 'alert' as const }),
    /** the last payment's end on the form, announced at once */
    getResultErrorProps: () => ({ role: 'alert' as const }),
    /** where the payment's progress shows: the focus goes there once Deposit is pressed */
    getStatusProps: () => ({ ...statusProps({ focusOn: isBusy ? 'busy' : null }), role: 'group' as const }),
    getSubmitProps: () => submitProps({ busy: isBusy }),
    /** the approved result: the focus goes there */
    getDoneProps: () => statusProps({ focusOn: isApproved ? 'approved' : null }),
    getResultCloseProps: () => buttonProps(onResultClose),
  };
}

export type FundingView = ReturnType<typeof connectFunding>;
export type CardView = ReturnType<typeof connectCard>;

/** The running cascade of a card form (its child while paying), typed as the cascade machine's actor. */
export const cascadeOf = (s: CardSnapshot): CascadeActor | null => (s.children.cascade as CascadeActor | undefined) ?? null;

/** The events the cascade's buttons send; they go to the funding page, which forwards them to the form and its cascade. */
export type CascadeAsk = Extract<CardFormForwarded, { type: 'dialog.why' | 'dialog.tab' | 'dialog.close' | 'payment.retry' | 'payment.cancel' | 'listen.stop' }>;
export type CascadeSend = (event: CascadeAsk) => void;

/** What the trader sees of the cascade. */
export type CascadeStep = 'checking' | 'dayLimit' | 'dayLimitWhy' | 'trying' | 'delaying' | 'listening' | 'entropay' | 'doNotHonor' | 'interrupted' | 'redirecting' | 'done';

type CascadeValue = CascadeSnapshot['value'];
/** the cascade machine's top-level states, from the machine's own type */
type CascadeState = Extract<CascadeValue, string> | keyof Extract<CascadeValue, object>;

/**
 * The one place that maps the cascade's states to what the view shows. Typed by the machine:
 * a state renamed, added or removed fails to compile here.
 */
const STEP_OF = {
  boot: 'checking',
  checking: 'checking',
  dayLimit: 'dayLimit',
  next: 'trying',
  preparing: 'trying',
  delaying: 'delaying',
  starting: 'trying',
  deciding: 'trying',
  listening: 'listening',
  entropay: 'entropay',
  doNotHonor: 'doNotHonor',
  interrupted: 'interrupted',
  redirecting: 'redirecting',
  approved: 'done',
  exhausted: 'done',
  responseError: 'done',
  stopped: 'done',
  unresolved: 'done',
  switched: 'done',
  cancelled: 'done',
} as const satisfies Record<CascadeState, CascadeStep>;

export function cascadeStep(s: CascadeSnapshot): CascadeStep {
  if (s.matches({ dayLimit: 'explaining' })) return 'dayLimitWhy';
  const top = (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]) as CascadeState;
  return STEP_OF[top];
}

/**
 * The steps after which the cascade may still try a processor. Do-not-honor stops it at the
 * processor that said so (the dialog says "we will not retry"), so its steps must not say
 * "trying the next one"; the day limit and the end try nothing more either.
 */
const GOES_ON: ReadonlySet<CascadeStep> = new Set(['checking', 'trying', 'delaying', 'listening', 'entropay', 'interrupted', 'redirecting']);

/** the headings that name the cascade's dialogs (Entropay's: its start or its CVV step, whichever shows) */
const TITLE_OF = { dayLimit: 'cascade-day-title', doNotHonor: 'cascade-dnh-title', entropay: 'entro-title entro-cvv-title' } as const;

/** The running cascade (a child of the card form): which step, the processor tried, its dialogs and their buttons. */
export function connectCascade(s: CascadeSnapshot, send: CascadeSend) {
  const c = s.context;
  const step = cascadeStep(s);
  const isDayLimitWhy = step === 'dayLimitWhy';
  const isDayLimit = step === 'dayLimit' || isDayLimitWhy;
  const isDoNotHonor = step === 'doNotHonor';
  const isEntropay = step === 'entropay';
  const isDialog = isDayLimit || isDoNotHonor || isEntropay;
  const processor = c.current?.processor ?? '';
  const onClose = () => send({ type: 'dialog.close' });
  const dialogTitle = isDayLimit ? TITLE_OF.dayLimit : isDoNotHonor ? TITLE_OF.doNotHonor : TITLE_OF.entropay;
  return {
    step,
    isChecking: step === 'checking',
    isTrying: step === 'trying',
    isDelaying: step === 'delaying',
    isListening: step === 'listening',
    isRedirecting: step === 'redirecting',
    isInterrupted: step === 'interrupted',
    /** the daily-limit dialog; isDayLimitWhy once the trader asked why */
    isDayLimit,
    isDayLimitWhy,
    isDoNotHonor,
    isEntropay,
    /** a step that asks the trader something: shown as a modal */
    isDialog,
    /** Escape closes the limit and bank dialogs, never Entropay's */
    closesOnEscape: isDayLimit || isDoNotHonor,
    processor,
    n: processor ? c.stack.indexOf(processor) + 1 : c.tried.length,
    total: c.stack.length,
    steps: stepLines(c.stack, c.log, GOES_ON.has(step)),
    error: withReadableUntil(c.error) ?? msg('cascade.response_error'),
    entropay: isEntropay ? ((s.children.entropay as EntropayActor | undefined) ?? null) : null,
    /** the payment's currency (Entropay's dialog names the amount with it) */
    currency: c.payment?.currency ?? '',
    onStop: () => send({ type: 'listen.stop' }),
    onRetry: () => send({ type: 'payment.retry' }),
    onCancel: () => send({ type: 'payment.cancel' }),
    onWhy: () => send({ type: 'dialog.why' }),
    onTab: (tab: 'bitcoin' | 'bank') => send({ type: 'dialog.tab', tab }),
    onClose,

    /**
     * The modal the asking steps sit in, as `useDialog` takes it (src/ui/useDialog.ts): an
     * alertdialog named by the step's heading, Escape and the backdrop close the limit and bank
     * dialogs (Entropay's steps are answered, not dismissed), the focus moves in again when the
     * step changes; null while nothing is asked.
     */
    dialog: isDialog ? { role: 'alertdialog' as const, mandatory: !(isDayLimit || isDoNotHonor), labelledBy: dialogTitle, focusKey: step, onClose } : null,
    /** the cascade's progress, read politely as it changes */
    getPanelProps: () => ({ 'aria-live': 'polite' as const }),
    /** the stop of a run that went wrong (retry or cancel), announced at once */
    getInterruptedProps: () => ({ role: 'alert' as const }),
    /** a dialog's box, named by its heading */
    getBoxProps: (box: 'dayLimit' | 'doNotHonor') => ({ role: 'group' as const, ...regionProps(TITLE_OF[box]) }),
    getBoxTitleProps: (box: 'dayLimit' | 'doNotHonor') => titleProps(TITLE_OF[box]),
    getStopProps: () => buttonProps(() => send({ type: 'listen.stop' })),
    getRetryProps: () => buttonProps(() => send({ type: 'payment.retry' })),
    getCancelProps: () => buttonProps(() => send({ type: 'payment.cancel' })),
    getWhyProps: () => buttonProps(() => send({ type: 'dialog.why' })),
    getTabProps: (tab: 'bitcoin' | 'bank') => buttonProps(() => send({ type: 'dialog.tab', tab })),
    getCloseProps: () => buttonProps(onClose),
  };
}

const ENTROPAY_CVV = 'entro-cvv';

/** Entropay's start and CVV dialogs; the CVV goes with the event only (the view holds it while typed). */
export function connectEntropay(s: EntropaySnapshot, send: EntropayActor['send'], currency = '', lang = 'en') {
  const isSending = s.matches('sending');
  const onCvvSubmit = (cvv: string) => send({ type: 'cvv.submit', cvv });
  const onReject = () => send({ type: 'entropay.reject' });
  const onCvvChange = () => send({ type: 'cvv.change' });
  /** the typed CVV goes with the event, and the input is emptied */
  const submitCvv = (cvv: { value: string; onValue: (value: string) => void }) => {
    onCvvSubmit(cvv.value);
    cvv.onValue('');
  };
  return {
    isStart: s.matches('start'),
    isCvv: s.matches('cvv') || isSending,
    isSending,
    error: s.context.error,
    shakes: s.context.shakes,
    amount: s.context.amount,
    /** the amount written for the trader (core/format), with the payment's currency when known */
    amountText: currency ? formatAmount(s.context.amount, currency, lang) : s.context.amount,
    onConfirm: () => send({ type: 'entropay.confirm' }),
    onReject,
    onCvvChange,
    onCvvSubmit,

    getBoxProps: (box: 'start' | 'cvv') => ({ role: 'group' as const, ...regionProps(box === 'start' ? 'entro-title' : 'entro-cvv-title') }),
    getBoxTitleProps: (box: 'start' | 'cvv') => titleProps(box === 'start' ? 'entro-title' : 'entro-cvv-title'),
    getConfirmProps: () => buttonProps(() => send({ type: 'entropay.confirm' })),
    getRejectProps: () => buttonProps(onReject),
    /**
     * The CVV input; its value is the view's (`cvv`), never the machine's. Digits only; Enter
     * sends it (not the card form the dialog sits in: a form in a form submitted the page).
     */
    getCvvFieldProps: (cvv: { value: string; onValue: (value: string) => void }) => ({
      ...fieldProps({
        id: ENTROPAY_CVV,
        value: cvv.value,
        invalid: s.context.error !== null,
        onValue: (typed) => {
          cvv.onValue(typed.replace(/\D/g, ''));
          onCvvChange();
        },
      }),
      // not a field of the card form around it
      name: undefined,
      onKeyDown: (e: { key: string; preventDefault: () => void }) => {
        if (e.key !== 'Enter') return;
        e.preventDefault();
        if (!isSending) submitCvv(cvv);
      },
    }),
    getCvvErrorProps: () => fieldErrorProps(ENTROPAY_CVV),
    getCvvSendProps: (cvv: { value: string; onValue: (value: string) => void }) => buttonProps(() => submitCvv(cvv), { disabled: isSending }),
  };
}

export type CascadeView = ReturnType<typeof connectCascade>;
export type EntropayView = ReturnType<typeof connectEntropay>;
