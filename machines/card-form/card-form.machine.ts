import { assign, fromPromise, sendTo, setup, type AnyActorRef } from 'xstate';
import { cascadeMachine } from '../cascade/cascade.machine';
import type { CascadeOutput } from '../cascade/cascade.types';
import { failureMsg } from '../../core/failure';
import { msg, type Msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import { cardProblem, DEFAULT_COUNTRY, splitName } from './card';
import type { CardFormContext, CardFormEvent, CardFormInput, CardTabAsk, SaveCardInput, SavedCard } from './card-form.types';

const pad2 = (n: number) => String(n).padStart(2, '0');
const forward = ({ event }: { event: CardFormEvent }) => event;
/** the funding page that invoked the form; the form itself when it runs alone (a test), which ignores the ask */
const parentOf = ({ self }: { self: AnyActorRef }): AnyActorRef => self._parent ?? self;

/**
 * The card form (spec 001 §3, §5; 001 §4 card deposit): the form is checked, the card is saved
 * (the server keeps a token and first six / last four digits only), then the cascade runs as a
 * child. The number and CVV travel in the submit event to the save call and are never kept in
 * the context. A demo account is stopped with the demo alert; a stored unfinished run resumes.
 * The funding page invokes it, forwards the trader's events with the payment it decided on, and
 * takes the tab a cascade dialog asks for (`card.tab`, sent to the parent).
 */
export const cardFormMachine = setup({
  types: {} as { context: CardFormContext; events: CardFormEvent; input: CardFormInput },
  actors: {
    saveCard: fromPromise<SavedCard, SaveCardInput>(notProvided('saveCard')),
    cascade: cascadeMachine,
  },
  actions: {
    /** app effect: an alert through the modal manager */
    alert: (_, _params: { title: Msg; text: Msg; variant: 'error' | 'success' | 'info' }) => {},
  },
  guards: {
    isResuming: ({ context }) => context.resume !== null && !context.resume.finished,
    isDemo: ({ context }) => context.demo,
    hasProblem: ({ context, event }) =>
      event.type === 'card.submit' &&
      (event.payment.amountError !== null ||
        cardProblem({ ...context, card: event.card, cvv: event.cvv }) !== null),
    isResult: (_, params: { output: CascadeOutput; results: CascadeOutput['result'][] }) => params.results.includes(params.output.result),
    /** the trader already read why in the cascade's own dialog */
    isExplained: (_, params: { output: CascadeOutput }) => params.output.explained === true,
  },
}).createMachine({
  id: 'cardForm',
  context: ({ input }) => ({
    settings: input.settings,
    user: input.user,
    country: input.geo || DEFAULT_COUNTRY,
    affsId: input.affsId,
    noVload: input.noVload,
    jcb: input.jcb,
    demo: input.demo,
    year: input.year,
    month: input.month,
    currency: input.currency,
    // no expiry chosen: a default would be a date the trader did not pick (and 01 of this year is past)
    expMonth: '',
    expYear: '',
    name: '',
    error: null,
    shakes: 0,
    card: null,
    payment: null,
    resume: input.resume,
    now: input.now,
    result: null,
  }),
  initial: 'boot',
  states: {
    boot: { always: [{ guard: 'isResuming', target: 'paying' }, { target: 'editing' }] },
    editing: {
      on: {
        'field.change': {
          actions: assign(({ event }) => {
            const value = event.value.slice(0, 64);
            const key = ({ country: 'country', currency: 'currency', month: 'expMonth', year: 'expYear', name: 'name' } as const)[event.field];
            return { [key]: value, error: null };
          }),
        },
        'secret.change': { actions: assign({ error: null }) },
        'card.submit': [
          {
            guard: 'isDemo',
            actions: [
              assign(({ context }) => ({ error: { field: 'form' as const, msg: msg('funding.demo.blocked') }, shakes: context.shakes + 1 })),
              { type: 'alert', params: { title: { key: 'funding.demo.title' }, text: msg('funding.demo.blocked'), variant: 'error' } },
            ],
          },
          {
            guard: 'hasProblem',
            meta: { spec: ['001 §5.1', '001 §5.2', '001 §5.3', '001 §5.4', '000 §5.2', '000 §5.11'], deviation: 'docs/funding.md: card minimum checked' },
            actions: assign(({ context, event }) => ({
              error: event.payment.amountError ? { field: 'amount' as const, msg: event.payment.amountError } : cardProblem({ ...context, card: event.card, cvv: event.cvv }),
              shakes: context.shakes + 1,
            })),
          },
          {
            target: 'saving',
            meta: { spec: ['001 §4.5'] },
            actions: assign(({ context, event }) => ({
              error: null,
              now: event.now,
              resume: null,
              result: null,
              payment: { id: '', key: event.payment.key, amount: event.payment.amount, currency: event.payment.currency || context.currency, fixed: event.payment.fixed, bonus: event.payment.bonus, promo: event.payment.promo, card: '' },
            })),
          },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'saveCard',
        // the number and the CVV go from the event to the call, never into the context
        input: ({ context, event }) => ({
          ...splitName(context.name),
          digits: event.type === 'card.submit' ? event.card.digits : '',
          cvv: event.type === 'card.submit' ? event.cvv.trim() : '',
          type: event.type === 'card.submit' ? event.card.type : '',
          month: pad2(Number(context.expMonth)),
          year: context.expYear,
          country: context.country,
          currency: context.currency,
        }),
        onDone: { target: 'paying', meta: { spec: ['001 §4.5'] }, actions: assign(({ context, event }) => ({ card: event.output, payment: { ...context.payment!, card: event.output.token } })) },
        onError: { target: 'editing', meta: { spec: ['001 §8.2'] }, actions: assign(({ context, event }) => ({ error: { field: 'form' as const, msg: failureMsg(event.error, 'cascade.response_error') }, shakes: context.shakes + 1 })) },
      },
    },
    paying: {
      on: {
        'dialog.why': { actions: sendTo('cascade', forward) },
        'dialog.tab': { actions: sendTo('cascade', forward) },
        'dialog.close': { actions: sendTo('cascade', forward) },
        'payment.retry': { actions: sendTo('cascade', forward) },
        'payment.cancel': { actions: sendTo('cascade', forward) },
        'listen.stop': { actions: sendTo('cascade', forward) },
      },
      invoke: {
        id: 'cascade',
        src: 'cascade',
        input: ({ context }) => ({
          settings: context.settings,
          user: context.user,
          country: context.country,
          affsId: context.affsId,
          noVload: context.noVload,
          now: context.now,
          ...(context.resume ? { resume: context.resume } : { payment: context.payment! }),
        }),
        onDone: [
          { guard: { type: 'isResult', params: ({ event }) => ({ output: event.output, results: ['approved'] }) }, target: 'approved', actions: assign(({ event }) => ({ result: event.output, resume: null })) },
          { guard: { type: 'isResult', params: ({ event }) => ({ output: event.output, results: ['redirected'] }) }, target: 'redirected' },
          {
            guard: { type: 'isResult', params: ({ event }) => ({ output: event.output, results: ['tab'] }) },
            target: 'editing',
            actions: [assign({ resume: null }), sendTo(parentOf, ({ event }): CardTabAsk => ({ type: 'card.tab', tab: event.output.tab }))],
          },
          { guard: { type: 'isResult', params: ({ event }) => ({ output: event.output, results: ['cancelled'] }) }, target: 'editing', actions: assign({ resume: null, result: null }) },
          // stopped after the do-not-honor dialog: the reason stays on the form, no second dialog
          { guard: { type: 'isExplained', params: ({ event }) => ({ output: event.output }) }, target: 'editing', actions: assign(({ event }) => ({ result: event.output, resume: null })) },
          // declined, every processor failed, stopped or unresolved: the reason is shown and stays on the form
          {
            target: 'editing',
            meta: { spec: ['000 §8.2'] },
            actions: [
              assign(({ event }) => ({ result: event.output, resume: null })),
              { type: 'alert', params: ({ event }) => ({ title: { key: 'cascade.card_title' }, text: event.output.error ?? msg('cascade.declined'), variant: 'error' as const }) },
            ],
          },
        ],
      },
    },
    /** the money is on the account (the balance was refreshed by the cascade): the form shows it, once */
    approved: {
      on: { 'result.close': { target: 'editing', actions: assign({ result: null }) } },
    },
    /** a processor's page (3-D Secure, a hosted page, Entropay) took over; it comes back to #/listen */
    redirected: { type: 'final' },
  },
});
