import { assign, fromPromise, setup } from 'xstate';
import type { QuickTopUpResponse, SavedCardsResponse } from '../../core/contract/deposits-offline';
import { compareDecimal, isDecimal, normalizeDecimal } from '../../core/decimal';
import { failureMsg } from '../../core/failure';
import { msg, type Msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type { ChargeInput, QuickTopUpContext, QuickTopUpEvent, QuickTopUpInput } from './quick-topup.types';

const isAmount = (value: string): boolean => isDecimal(value, { whole: 12, decimals: 2 }) && compareDecimal(value, '0') > 0;

/**
 * Quick top-up (spec 001 §6-§7): offered only when the server says can_load (depositsTotal > 0
 * and fillCard '1') and a card is saved; the amount, then a confirmation of the exact amount,
 * then one charge of the saved card (/api/report/quick) under one idempotency key: a double click
 * or a retry after a lost answer charges once. A demo account is blocked.
 */
export const quickTopUpMachine = setup({
  types: {} as { context: QuickTopUpContext; events: QuickTopUpEvent; input: QuickTopUpInput },
  actors: {
    loadCards: fromPromise<SavedCardsResponse, void>(notProvided('loadCards')),
    charge: fromPromise<QuickTopUpResponse, ChargeInput>(notProvided('charge')),
  },
  actions: {
    /** app effect: the balance changed; the current user is read again */
    refreshUser: () => {},
    refuse: assign((_, params: { error: Msg; shakes: number }) => ({ error: params.error, shakes: params.shakes + 1 })),
  },
  guards: {
    isDemo: ({ context }) => context.demo,
    canLoad: (_, params: { list: SavedCardsResponse }) => params.list.can_load && params.list.cards.length > 0,
    isWrongAmount: ({ context }) => !isAmount(normalizeDecimal(context.amount)),
    isBelowMinimum: ({ context }) => compareDecimal(normalizeDecimal(context.amount), context.minDeposit) < 0,
    isStatus: (_, params: { answer: QuickTopUpResponse; status: QuickTopUpResponse['status'] }) => params.answer.status === params.status,
  },
}).createMachine({
  id: 'quickTopUp',
  context: ({ input }) => ({
    demo: input.demo,
    currency: input.currency,
    minDeposit: input.minDeposit,
    keySeed: input.keySeed,
    charges: 0,
    cards: [],
    card: '',
    amount: compareDecimal(input.minDeposit, '250') > 0 ? input.minDeposit : '250',
    confirmed: '',
    result: null,
    error: null,
    shakes: 0,
  }),
  initial: 'boot',
  states: {
    boot: { always: [{ guard: 'isDemo', target: 'unavailable' }, { target: 'loading' }] },
    loading: {
      invoke: {
        id: 'loadCards',
        src: 'loadCards',
        onDone: [
          { guard: { type: 'canLoad', params: ({ event }) => ({ list: event.output }) }, target: 'editing', actions: assign({ cards: ({ event }) => event.output.cards, card: ({ event }) => event.output.cards[0]!.token }) },
          { target: 'unavailable' },
        ],
        onError: { target: 'unavailable' },
      },
    },
    /** not offered: the rule does not hold, no saved card, a demo account, or the list could not be read */
    unavailable: { type: 'final' },
    editing: {
      on: {
        'amount.change': { actions: assign({ amount: ({ event }) => event.value.slice(0, 40), error: null }) },
        'card.select': { actions: assign({ card: ({ context, event }) => (context.cards.some((c) => c.token === event.token) ? event.token : context.card), error: null }) },
        'quick.submit': [
          { guard: 'isWrongAmount', actions: { type: 'refuse', params: ({ context }) => ({ error: msg('quick.wrong_amount'), shakes: context.shakes }) } },
          { guard: 'isBelowMinimum', actions: { type: 'refuse', params: ({ context }) => ({ error: msg('quick.min_deposit', undefined, { min: context.minDeposit }), shakes: context.shakes }) } },
          { target: 'confirming', actions: assign({ confirmed: ({ context }) => normalizeDecimal(context.amount), error: null, result: null }) },
        ],
      },
    },
    /** "Charge {amount} {currency} to the card ending {last4}?": nothing is charged before Yes */
    confirming: {
      on: {
        'confirm.yes': 'charging',
        'confirm.no': { target: 'editing', actions: assign({ confirmed: '' }) },
      },
    },
    charging: {
      invoke: {
        src: 'charge',
        input: ({ context }) => ({ card: context.card, amount: context.confirmed, confirm: context.confirmed, key: `${context.keySeed}-${context.charges}` }),
        onDone: [
          { guard: { type: 'isStatus', params: ({ event }) => ({ answer: event.output, status: 'approved' as const }) }, target: 'approved', actions: [assign(({ context, event }) => ({ result: event.output, charges: context.charges + 1 })), 'refreshUser'] },
          {
            guard: { type: 'isStatus', params: ({ event }) => ({ answer: event.output, status: 'declined' as const }) },
            target: 'editing',
            actions: [assign(({ context }) => ({ charges: context.charges + 1 })), { type: 'refuse', params: ({ context, event }) => ({ error: msg('quick.declined', event.output.message), shakes: context.shakes }) }],
          },
          // the bank wants its own page: the same key stays (a later try is the same payment)
          { target: 'editing', actions: { type: 'refuse', params: ({ context, event }) => ({ error: msg('quick.pending', event.output.message), shakes: context.shakes }) } },
        ],
        // a lost answer keeps the key: pressing again is the same payment, never a second charge
        onError: { target: 'editing', actions: { type: 'refuse', params: ({ context, event }) => ({ error: failureMsg(event.error, 'quick.failed'), shakes: context.shakes }) } },
      },
    },
    approved: {
      on: { 'quick.again': { target: 'editing', actions: assign({ result: null, confirmed: '' }) } },
    },
  },
});
