import type { MachineModel } from '../../machine-kit/types';
import type { AddressBook, SavedDestination } from '../../core/contract/address-book';
import { addressBookMachine } from './address-book.machine';

const BTC = 'bc1qqyqszqgpqyqszqgpqyqszqgpqyqszqgpvxzzs0';
const saved = (id: string, state: SavedDestination['state']): SavedDestination => ({
  id,
  method: 'Bitcoin',
  wallet: BTC,
  alt: '',
  label: 'Cold wallet',
  state,
  usableAt: state === 'unconfirmed' ? null : '2026-12-02T10:00:00.000Z',
  createdAt: '2026-12-01T10:00:00.000Z',
});
const ID = '00000000-0000-4000-8000-000000000001';
const book = (destinations: SavedDestination[], savedOnly = false, savedOnlyEndsAt: string | null = null): AddressBook => ({ destinations, savedOnly, savedOnlyEndsAt, holdMinutes: 1440 });

/**
 * The address book: read (one destination, off) or not (and retried); a destination saved, or
 * refused by its label (before any call) or by the server, or lost; the listed one removed (an
 * unknown id is not sent); "only to saved" switched on, and off (after the hold); a switch that
 * changes nothing is not sent.
 */
export const addressBookModel: MachineModel = {
  machine: addressBookMachine,
  events: {
    'book.add': [
      { method: 'Bitcoin', wallet: BTC, alt: '', label: 'Cold wallet' },
      { method: 'Bitcoin', wallet: BTC, alt: '', label: '   ' },
    ],
    'book.remove': [{ id: ID }, { id: '00000000-0000-4000-8000-00000000000f' }],
    'book.savedOnly': [{ on: true }, { on: false }],
  },
  actors: {
    loadBook: [{ output: book([saved(ID, 'on_hold')]) }, { error: { kind: 'network' } }],
    addDestination: [{ output: book([saved(ID, 'on_hold'), saved('00000000-0000-4000-8000-000000000002', 'unconfirmed')]) }, { error: { kind: 'http', status: 400, error: 'withdrawal.wallet_invalid', message: 'This does not look like a valid Bitcoin destination.' } }],
    removeDestination: [{ output: book([]) }, { error: { kind: 'network' } }],
    setSavedOnly: [{ output: book([saved(ID, 'usable')], true) }, { output: book([saved(ID, 'usable')], true, '2026-12-02T10:00:00.000Z') }, { error: { kind: 'network' } }],
  },
  maxDepth: 6,
};
