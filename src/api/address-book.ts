import type { AddressBook, ConfirmedDestination } from '../../core/contract/address-book';
import type { NewDestination } from '../../machines/address-book/address-book.types';
import { call } from './http';
import { contractOf } from './contracts';

const addressBookContract = () => import('../../core/contract/address-book');

/** GET /api/withdrawal/destinations: the trader's address book (issue 31 §6) */
export const loadAddressBook = (): Promise<AddressBook> => call(contractOf(addressBookContract, 'AddressBook'), '/api/withdrawal/destinations', { cache: 'no-store' });

/** POST /api/withdrawal/destinations: a destination saved (a confirmation link is emailed); the book after it */
export const addDestination = (destination: NewDestination): Promise<AddressBook> => call(contractOf(addressBookContract, 'AddressBook'), '/api/withdrawal/destinations', { method: 'POST', json: destination });

/** POST /api/withdrawal/destinations/remove */
export const removeDestination = (id: string): Promise<AddressBook> => call(contractOf(addressBookContract, 'AddressBook'), '/api/withdrawal/destinations/remove', { method: 'POST', json: { id } });

/** POST /api/withdrawal/destinations/saved_only: on at once, off after the hold */
export const setSavedOnly = (on: boolean): Promise<AddressBook> => call(contractOf(addressBookContract, 'AddressBook'), '/api/withdrawal/destinations/saved_only', { method: 'POST', json: { on } });

/** POST /api/withdrawal/destinations/confirm: the emailed link */
export const confirmAddress = (token: string): Promise<ConfirmedDestination> => call(contractOf(addressBookContract, 'ConfirmedDestination'), '/api/withdrawal/destinations/confirm', { method: 'POST', json: { token } });
