import { assign, fromPromise, not, raise, sendTo, setup } from 'xstate';
import { cardFormMachine } from '../card-form/card-form.machine';
import type { CardFormInput } from '../card-form/card-form.types';
import { failureMsg } from '../../core/failure';
import { msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import { normalizeAmount, sliderSteps, compareAmounts } from '../../core/amount';
import type { CardOpening, FundingContext, FundingEvent, FundingInput, FundingOptions, PromoOutput } from './funding.types';
import { isAmountLocked, paymentAsk } from './payment';
import { isCardTab, isTab, type TabId } from './tabs';

/** The add parameter's alerts (spec 001 §2): title and wording from translations. */
const ALERTS: Record<string, FundingContext['alert']> = {
  entro: { title: msg('funding.add.entro.title'), text: msg('funding.add.entro.text'), variant: 'info' },
  payment_error: { title: msg('funding.add.payment_error.title'), text: msg('funding.add.payment_error.text'), variant: 'error' },
  payment_success: { title: msg('funding.add.payment_success.title'), text: msg('funding.add.payment_success.text'), variant: 'success' },
  payment_process: { title: msg('funding.add.payment_process.title'), text: msg('funding.add.payment_process.text'), variant: 'info' },
};

/** Default tab: card; bitcoin on mobile and for a risk-flagged trader (spec 001 §2, §6). */
function initialTab(input: FundingInput): TabId {
  const wanted: TabId = input.resuming ? 'card' : input.mobile || input.risk ? 'bitcoin' : 'card';
  return input.tabs.includes(wanted) ? wanted : (input.tabs[0] ?? 'card');
}

/**
 * The typed amount a page opens with: 250 when allowed, else the minimum (a card tab in US/CA pays
 * the fixed amount instead: payment.ts depositAmount; the other tabs take this one).
 */
function defaultAmount(options: FundingOptions): string {
  const [min] = sliderSteps(options.minDeposit);
  return compareAmounts('250', options.minDeposit) >= 0 ? '250' : min;
}

/** The card form's input: the stack facts, the page's options, the tab, and what opening it read. */
function cardFormInput(c: FundingContext): CardFormInput {
  const opening = c.card!;
  return {
    ...c.stack,
    geo: c.options?.geo ?? '',
    currency: c.options?.currency ?? '',
    jcb: c.cardTab === 'jcb',
    demo: c.demo,
    year: opening.year,
    month: opening.month,
    resume: opening.resume,
    now: opening.now,
  };
}

const forward = ({ event }: { event: FundingEvent }) => event;

/**
 * The funding page (spec 001 §2-4): its tabs (which ones, which first), the add parameter's
 * alerts, the partner-risk popup on the card tabs, the deposit amount with its slider steps and
 * the opt-in bonus (cleared in fixed mode), and a promo code (prefilled from the promo link).
 * On a card tab it invokes the card form (which invokes the cascade): the trader's card events
 * come here and are forwarded; Deposit is sent on with the payment this page decides (amount,
 * bonus, fixed mode, its verdict on the amount, the key of the press); a tab a cascade dialog
 * asks for comes back from the form as `card.tab`.
 */
export const fundingMachine = setup({
  types: {} as { context: FundingContext; events: FundingEvent; input: FundingInput },
  actors: {
    loadOptions: fromPromise<FundingOptions>(notProvided('loadOptions')),
    checkPromo: fromPromise<PromoOutput, { promo: string }>(notProvided('checkPromo')),
    /** effect: this tab's stored run of the user, the clock and a key seed (never fails) */
    openCard: fromPromise<CardOpening, { userId: string }>(notProvided('openCard')),
    cardForm: cardFormMachine,
  },
  actions: {
    setPromo: assign(({ event }) => (event.type === 'promo.change' ? { promo: event.value.slice(0, 64), promoPercent: '0', promoValue: '0', promoError: null } : {})),
  },
  guards: {
    isVisibleTab: ({ context, event }) => event.type === 'tab.select' && isTab(event.tab) && context.tabs.includes(event.tab),
    isRiskCardTab: ({ context, event }) =>
      event.type === 'tab.select' && context.risk && isCardTab(event.tab) && context.tabs.includes(event.tab as TabId),
    /** US and CA on a card tab: the fixed amount */
    isAmountLocked: ({ context }) => isAmountLocked(context),
    canHaveBonus: ({ context }) => !context.fixed,
    hasAlert: ({ context }) => context.alert !== null,
    hasPromo: ({ context }) => context.promo.trim() !== '',
    onCardTab: ({ context }) => isCardTab(context.tab),
    offCardTab: ({ context }) => !isCardTab(context.tab),
    /** card ⇄ jcb: the other form is a new form */
    otherCardTab: ({ context }) => context.cardTab !== context.tab,
  },
}).createMachine({
  id: 'funding',
  context: ({ input }) => ({
    ...input,
    tab: initialTab(input),
    options: null,
    amount: '',
    bonus: false,
    fixed: input.exchange,
    promo: input.add === 'promo' ? input.ng.slice(0, 64) : '',
    promoPercent: '0',
    promoValue: '0',
    promoError: null,
    alert: ALERTS[input.add] ?? null,
    scrollToAmount: input.add === 'promo',
    error: null,
    card: null,
    cardTab: null,
    presses: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadOptions',
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const fixed = context.exchange || event.output.fixedAmount !== null;
            return { options: event.output, amount: defaultAmount(event.output), fixed, bonus: false, error: null };
          }),
        },
        onError: { target: 'loadFailed', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'funding.load_failed') })) },
      },
    },
    loadFailed: {
      on: { 'options.retry': 'loading' },
    },
    ready: {
      type: 'parallel',
      on: {
        'tab.select': { guard: 'isVisibleTab', actions: assign(({ event }) => ({ tab: event.tab as TabId })) },
        'amount.scrolled': { actions: assign({ scrollToAmount: false }) },
        'bonus.toggle': { guard: 'canHaveBonus', meta: { spec: ['001 §4.8'] }, actions: assign(({ event }) => ({ bonus: event.on })) },
        'promo.change': { actions: 'setPromo' },
      },
      states: {
        amount: {
          initial: 'editable',
          states: {
            editable: {
              always: { guard: 'isAmountLocked', target: 'locked', meta: { spec: ['000 §9.5'] } },
              on: {
                'amount.change': { actions: assign(({ event }) => ({ amount: event.value.slice(0, 24) })) },
                'amount.step': { meta: { spec: ['000 §9.4'] }, actions: assign(({ event }) => ({ amount: normalizeAmount(event.value) })) },
              },
            },
            /** US and CA: the card amount is fixed (spec 000 §6); another tab takes a typed amount */
            locked: { always: { guard: not('isAmountLocked'), target: 'editable' } },
          },
        },
        dialog: {
          initial: 'boot',
          states: {
            boot: { always: [{ guard: 'hasAlert', target: 'alert', meta: { spec: ['001 §4.6', '001 §8.17'] } }, { target: 'none' }] },
            none: {
              on: { 'tab.select': { guard: 'isRiskCardTab', target: 'risk', actions: assign(({ event }) => ({ tab: event.tab as TabId })) } },
            },
            alert: { on: { 'alert.close': { target: 'none', actions: assign({ alert: null }) } } },
            /** the partner-risk popup (spec 001 §6) */
            risk: { on: { 'alert.close': 'none' } },
          },
        },
        promo: {
          initial: 'boot',
          states: {
            boot: { always: [{ guard: 'hasPromo', target: 'checking' }, { target: 'idle' }] },
            idle: {
              on: {
                'promo.apply': [
                  { guard: 'hasPromo', target: 'checking' },
                  { meta: { spec: ['001 §5.9'] }, actions: assign({ promoError: msg('funding.promo.invalid') }) },
                ],
              },
            },
            checking: {
              // a new code while the old one is checked: the old answer no longer matters
              on: { 'promo.change': { target: 'idle', actions: 'setPromo' } },
              invoke: {
                src: 'checkPromo',
                input: ({ context }) => ({ promo: context.promo.trim() }),
                onDone: { target: 'idle', actions: assign(({ event }) => ({ promoPercent: event.output.percent, promoValue: event.output.value ?? '0', promoError: null })) },
                onError: { target: 'idle', actions: assign(({ event }) => ({ promoPercent: '0', promoValue: '0', promoError: failureMsg(event.error, 'funding.promo.invalid') })) },
              },
            },
          },
        },
        /** the card form of the card or JCB tab, a child of this page while its tab is shown */
        card: {
          initial: 'closed',
          states: {
            closed: { always: { guard: 'onCardTab', target: 'opening' } },
            opening: {
              always: { guard: 'offCardTab', target: 'closed' },
              invoke: {
                src: 'openCard',
                input: ({ context }) => ({ userId: context.userId }),
                onDone: { target: 'open', actions: assign(({ context, event }) => ({ card: event.output, cardTab: context.tab, presses: 0 })) },
              },
            },
            open: {
              always: [
                { guard: 'offCardTab', target: 'closed', actions: assign({ card: null, cardTab: null }) },
                { guard: 'otherCardTab', target: 'opening' },
              ],
              invoke: { id: 'cardForm', src: 'cardForm', input: ({ context }) => cardFormInput(context) },
              on: {
                'card.submit': {
                  actions: [
                    assign(({ context }) => ({ presses: context.presses + 1 })),
                    sendTo('cardForm', ({ context, event }) => ({ type: 'card.submit' as const, card: event.card, cvv: event.cvv, now: event.now, payment: paymentAsk(context) })),
                  ],
                },
                'card.tab': { actions: raise(({ event }) => ({ type: 'tab.select' as const, tab: event.tab })) },
                'field.change': { actions: sendTo('cardForm', forward) },
                'secret.change': { actions: sendTo('cardForm', forward) },
                'result.close': { actions: sendTo('cardForm', forward) },
                'dialog.why': { actions: sendTo('cardForm', forward) },
                'dialog.tab': { actions: sendTo('cardForm', forward) },
                'dialog.close': { actions: sendTo('cardForm', forward) },
                'payment.retry': { actions: sendTo('cardForm', forward) },
                'payment.cancel': { actions: sendTo('cardForm', forward) },
                'listen.stop': { actions: sendTo('cardForm', forward) },
              },
            },
          },
        },
      },
    },
  },
});
