import { assign, fromPromise, setup } from 'xstate';
import { ADDRESS_BOOK_RULES } from '../../core/address-book';
import { failureMsg } from '../../core/failure';
import { msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type { AddressBook, AddressBookContext, AddressBookEvent, NewDestination } from './address-book.types';

/**
 * The withdrawal address book on the security page (issue 31 §6): the saved destinations read
 * (with a retry), each waiting for its emailed confirmation, in its hold (usable from a time) or
 * usable; a destination saved (a label of 1 to 40 characters; the server checks the address and
 * emails the link), one removed, "only to saved destinations" switched on (at once) or off (after
 * the hold). One change at a time; each answer is the book after it; a failed one keeps the book
 * and says why.
 */
/** what a change was about, from what it marked busy */
const lastOf = (busy: string | null): AddressBookContext['last'] => (busy === 'add' || busy === 'savedOnly' ? busy : busy === null ? null : 'remove');

export const addressBookMachine = setup({
  types: {} as { context: AddressBookContext; events: AddressBookEvent },
  actors: {
    loadBook: fromPromise<AddressBook>(notProvided('loadBook')),
    addDestination: fromPromise<AddressBook, NewDestination>(notProvided('addDestination')),
    removeDestination: fromPromise<AddressBook, { id: string }>(notProvided('removeDestination')),
    setSavedOnly: fromPromise<AddressBook, { on: boolean }>(notProvided('setSavedOnly')),
  },
  actions: {
    take: assign((_, params: { book: AddressBook }) => ({ book: params.book, error: null })),
    loadFailure: assign((_, params: { error: unknown }) => ({ error: failureMsg(params.error, 'book.load_failed') })),
    mark: assign((_, params: { busy: string }) => ({ busy: params.busy, error: null })),
    answered: assign(({ context }, params: { book: AddressBook }) => ({ book: params.book, busy: null, error: null, answers: context.answers + 1, saved: context.busy === 'add' ? context.saved + 1 : context.saved, last: lastOf(context.busy) })),
    failure: assign(({ context }, params: { error: unknown }) => ({ busy: null, error: failureMsg(params.error, 'book.change_failed'), answers: context.answers + 1 })),
    badLabel: assign(({ context }) => ({ error: msg('address_book.label', undefined, { max: String(ADDRESS_BOOK_RULES.labelMax) }), answers: context.answers + 1 })),
  },
  guards: {
    /** 1 to 40 characters once trimmed (the server says the same) */
    labelOk: (_, params: { label: string }) => {
      const length = [...params.label.trim()].length;
      return length >= 1 && length <= ADDRESS_BOOK_RULES.labelMax;
    },
    isListed: ({ context }, params: { id: string }) => context.book?.destinations.some((d) => d.id === params.id) ?? false,
    /** a switch that changes something: on while off (or switching off), off while plainly on */
    changes: ({ context }, params: { on: boolean }) => (params.on ? !context.book?.savedOnly || context.book.savedOnlyEndsAt !== null : (context.book?.savedOnly ?? false) && context.book?.savedOnlyEndsAt === null),
  },
}).createMachine({
  id: 'addressBook',
  context: { book: null, error: null, busy: null, answers: 0, saved: 0, last: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadBook',
        onDone: { target: 'ready', actions: { type: 'take', params: ({ event }) => ({ book: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'loadFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      initial: 'idle',
      on: {
        'book.add': [
          { guard: { type: 'labelOk', params: ({ event }) => ({ label: event.label }) }, target: 'adding', actions: { type: 'mark', params: { busy: 'add' } } },
          { target: '.failed', actions: 'badLabel' },
        ],
        'book.remove': { guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) }, target: 'removing', actions: { type: 'mark', params: ({ event }) => ({ busy: event.id }) } },
        'book.savedOnly': { guard: { type: 'changes', params: ({ event }) => ({ on: event.on }) }, target: 'switching', actions: { type: 'mark', params: { busy: 'savedOnly' } } },
      },
      states: {
        idle: {},
        /** the last change went through: the book after it */
        done: {},
        /** the last change failed: the book as it was, and why */
        failed: {},
      },
    },
    adding: {
      invoke: {
        src: 'addDestination',
        input: ({ event }) => {
          const e = event as Extract<AddressBookEvent, { type: 'book.add' }>;
          return { method: e.method, wallet: e.wallet, alt: e.alt, label: e.label.trim() };
        },
        onDone: { target: 'ready.done', actions: { type: 'answered', params: ({ event }) => ({ book: event.output }) } },
        onError: { target: 'ready.failed', actions: { type: 'failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    removing: {
      invoke: {
        src: 'removeDestination',
        input: ({ context }) => ({ id: context.busy ?? '' }),
        onDone: { target: 'ready.done', actions: { type: 'answered', params: ({ event }) => ({ book: event.output }) } },
        onError: { target: 'ready.failed', actions: { type: 'failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    switching: {
      invoke: {
        src: 'setSavedOnly',
        input: ({ event }) => ({ on: (event as Extract<AddressBookEvent, { type: 'book.savedOnly' }>).on }),
        onDone: { target: 'ready.done', actions: { type: 'answered', params: ({ event }) => ({ book: event.output }) } },
        onError: { target: 'ready.failed', actions: { type: 'failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
