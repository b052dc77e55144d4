import { assign, fromPromise, setup } from 'xstate';
import { failureMsg } from '../../core/failure';
import { msg, type Msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type { AccountsContext, AccountsEvent } from './accounts.types';

/**
 * The trader's accounts (spec 000 §5, §8; 001 §4, §8): switch between balances and the exchange
 * account ('Some errors, please try again. Cant set account id.' on failure), and add an account
 * in another currency ('Please chose currency!'; 'Account successfully added' or
 * 'Some errors, please try again.').
 */
export const accountsMachine = setup({
  types: {} as { context: AccountsContext; events: AccountsEvent },
  actors: {
    setAccount: fromPromise<unknown, { accountId: string }>(notProvided('setAccount')),
    setExchangeAccount: fromPromise<unknown>(notProvided('setExchangeAccount')),
    createAccount: fromPromise<unknown, { currency: string }>(notProvided('createAccount')),
  },
  actions: {
    /** app effect: a toast */
    notify: (_, _params: { text: Msg; kind: 'success' | 'error' }) => {},
    /** app effect: reload the user (balances, current account) */
    accountsChanged: () => {},
  },
  guards: {
    noCurrency: ({ event }) => event.type === 'add.submit' && event.currency.trim() === '',
  },
}).createMachine({
  id: 'accounts',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'account.select': { target: 'switching', meta: { spec: ['001 §4.9'] } },
        'account.exchange': { target: 'switchingToExchange', meta: { spec: ['001 §4.9'] } },
        'add.open': { target: 'adding', actions: assign({ error: null }) },
      },
    },
    switching: {
      invoke: {
        src: 'setAccount',
        input: ({ event }) => ({ accountId: (event as Extract<AccountsEvent, { type: 'account.select' }>).accountId }),
        onDone: { target: 'idle', actions: 'accountsChanged' },
        onError: { target: 'idle', meta: { spec: ['001 §8.7', '002 §8.10'] }, actions: { type: 'notify', params: { text: msg('account.set_failed'), kind: 'error' } } },
      },
    },
    switchingToExchange: {
      invoke: {
        src: 'setExchangeAccount',
        onDone: { target: 'idle', actions: 'accountsChanged' },
        onError: { target: 'idle', meta: { spec: ['001 §8.7', '002 §8.10'] }, actions: { type: 'notify', params: { text: msg('account.set_failed'), kind: 'error' } } },
      },
    },
    adding: {
      initial: 'choosing',
      on: { 'add.close': '#accounts.idle' },
      states: {
        choosing: {
          on: {
            'add.submit': [
              { guard: 'noCurrency', meta: { spec: ['000 §5.7'] }, actions: assign({ error: msg('account.choose_currency') }) },
              { target: 'creating', actions: assign({ error: null }) },
            ],
          },
        },
        creating: {
          invoke: {
            src: 'createAccount',
            input: ({ event }) => ({ currency: (event as Extract<AccountsEvent, { type: 'add.submit' }>).currency }),
            onDone: {
              target: '#accounts.idle',
              actions: [{ type: 'notify', params: { text: msg('account.added'), kind: 'success' } }, 'accountsChanged'],
            },
            onError: { target: 'choosing', meta: { spec: ['000 §8.9'] }, actions: assign(({ event }) => ({ error: failureMsg(event.error, 'account.add_failed') })) },
          },
        },
      },
    },
  },
});
