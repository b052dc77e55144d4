import type { AddressBook, SavedDestination } from '../../core/contract/address-book';
import type { WithdrawalMethod } from '../../core/contract';
import type { Msg } from '../../core/message';

export interface NewDestination {
  method: WithdrawalMethod;
  wallet: string;
  alt: string;
  label: string;
}

export interface AddressBookContext {
  /** the book as the server last said; null until read */
  book: AddressBook | null;
  /** the read failed, or the last change */
  error: Msg | null;
  /** what a change is about: a destination's id, 'add' or 'savedOnly' */
  busy: string | null;
  /** each answer to a change: its message takes the focus once */
  answers: number;
  /** each destination saved: the form starts empty again */
  saved: number;
  /** what the last change that went through was */
  last: 'add' | 'remove' | 'savedOnly' | null;
}

export type AddressBookEvent =
  | { type: 'retry' }
  | ({ type: 'book.add' } & NewDestination)
  | { type: 'book.remove'; id: string }
  | { type: 'book.savedOnly'; on: boolean };

export type { AddressBook, SavedDestination };
