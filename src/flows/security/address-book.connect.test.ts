// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { addressBookMachine } from '../../../machines/address-book/address-book.machine';
import { addressConfirmMachine } from '../../../machines/address-confirm/address-confirm.machine';
import type { SavedDestination } from '../../../core/contract/address-book';
import { BOOK_METHODS, connectAddressBook, hasTag, methodLabel, savedDestinationOptions } from './address-book.connect';
import { connectAddressConfirm } from './address-confirm.connect';
import { formWith } from '../../test/form';

const usable: SavedDestination = { id: '00000000-0000-4000-8000-000000000001', method: 'Bitcoin', wallet: 'bc1qexample', alt: '', label: 'Cold', state: 'usable', usableAt: '2026-11-30T10:00:00.000Z', createdAt: '2026-11-29T10:00:00.000Z' };
const waiting: SavedDestination = { ...usable, id: '00000000-0000-4000-8000-000000000002', wallet: 'bc1qother', label: 'New', state: 'unconfirmed', usableAt: null };
const book = (destinations: SavedDestination[], savedOnly = false, savedOnlyEndsAt: string | null = null) => ({ destinations, savedOnly, savedOnlyEndsAt, holdMinutes: 1440 });

function at(value: string | object, context: object) {
  const initial = createActor(addressBookMachine).getSnapshot();
  return addressBookMachine.resolveState({ value, context: { ...initial.context, ...context } } as never);
}

describe('connectAddressBook', () => {
  it('lists each destination with where it stands; Remove sends its id; the form sends what was typed, the tag only where the method has one', () => {
    const send = vi.fn();
    const view = connectAddressBook(at({ ready: 'idle' }, { book: book([usable, waiting]) }), send);
    expect(view.items.map((i) => [i.label, i.state, i.usableAt !== null])).toEqual([
      ['Cold', 'usable', true],
      ['New', 'unconfirmed', false],
    ]);
    expect(view.holdHours).toBe(24);
    view.items[1]!.getRemoveProps().onClick();
    const event = { preventDefault: () => {}, currentTarget: formWith({ 'book-wallet': 'rXYZ', 'book-alt': '42', 'book-label': 'Exchange' }) } as never;
    view.getFormProps('Ripple').onSubmit(event);
    view.getFormProps('Bitcoin').onSubmit(event);
    expect(send.mock.calls).toEqual([
      [{ type: 'book.remove', id: waiting.id }],
      [{ type: 'book.add', method: 'Ripple', wallet: 'rXYZ', alt: '42', label: 'Exchange' }],
      [{ type: 'book.add', method: 'Bitcoin', wallet: 'rXYZ', alt: '', label: 'Exchange' }],
    ]);
    expect(BOOK_METHODS).not.toContain('Credit Card');
    expect([hasTag('Ripple'), hasTag('Monero'), hasTag('Bitcoin')]).toEqual([true, true, false]);
    expect(methodLabel('Bitcoin_Cash')).toEqual({ key: '', fallback: 'Bitcoin Cash (BCH)' });
    expect(methodLabel('Skrill')).toEqual({ key: 'withdrawal.method.Skrill' });
  });

  it('"only to saved": checked while plainly on; a pending switch-off shows until when; the switch sends what was ticked', () => {
    const send = vi.fn();
    const on = connectAddressBook(at({ ready: 'idle' }, { book: book([], true) }), send);
    expect(on.getSavedOnlyProps().checked).toBe(true);
    on.getSavedOnlyProps().onChange({ target: { checked: false } });
    expect(send).toHaveBeenCalledWith({ type: 'book.savedOnly', on: false });
    const ending = connectAddressBook(at({ ready: 'idle' }, { book: book([], true, '2026-12-02T10:00:00.000Z') }), send);
    expect(ending.getSavedOnlyProps().checked).toBe(false);
    expect(ending.savedOnlyEndsAt).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(ending.empty).toBe(true);
  });

  it('while a change goes, everything rests; the answer says which change and takes the focus once; a label refusal marks the field', () => {
    const busy = connectAddressBook(at('removing', { book: book([usable]), busy: usable.id }), vi.fn());
    expect(busy.items[0]).toMatchObject({ removing: true });
    expect(busy.getSavedOnlyProps().disabled).toBe(true);
    const done = connectAddressBook(at({ ready: 'done' }, { book: book([usable]), answers: 3, last: 'add', saved: 1 }), vi.fn());
    expect(done).toMatchObject({ done: 'add', failed: false, formKey: 'book-1' });
    expect(done.getAnswerProps()).toMatchObject({ role: 'status', 'data-focus-on': 'book-3' });
    const bad = connectAddressBook(at({ ready: 'failed' }, { book: book([]), answers: 1, error: { key: 'address_book.label' } }), vi.fn());
    expect(bad.getFieldProps('label')['aria-invalid']).toBe(true);
    expect(bad.getAnswerProps().role).toBe('alert');
  });

  it('the withdrawal form is offered the usable destinations of its method only', () => {
    const s = at({ ready: 'idle' }, { book: book([usable, waiting, { ...usable, id: 'x', method: 'Ethereum', wallet: '0xabc' }]) });
    const btc = savedDestinationOptions(s, 'Bitcoin');
    expect(btc.options).toEqual([{ value: 'bc1qexample', label: 'Cold' }]);
    expect(btc.getListProps()).toEqual({ list: 'saved-destinations-Bitcoin' });
    expect(savedDestinationOptions(s, 'Skrill').getListProps()).toEqual({});
  });
});

describe('connectAddressConfirm', () => {
  it('Confirm rests while it goes; the answer names the destination and when it can be used', () => {
    const initial = createActor(addressConfirmMachine, { input: { token: 't'.repeat(43) } }).getSnapshot();
    const resolve = (value: string, context: object) => addressConfirmMachine.resolveState({ value, context: { ...initial.context, ...context } } as never);
    const send = vi.fn();
    connectAddressConfirm(resolve('asking', {}), send).getConfirmProps().onClick();
    expect(send).toHaveBeenCalledWith({ type: 'confirm' });
    expect(connectAddressConfirm(resolve('sending', {}), send).getConfirmProps()).toMatchObject({ disabled: true, 'aria-busy': true });
    const done = connectAddressConfirm(resolve('confirmed', { confirmed: { method: 'Bitcoin', wallet: 'bc1qex…ample', label: 'Cold', usableAt: '2026-12-02T10:00:00.000Z' } }), send);
    expect(done.confirmed).toMatchObject({ label: 'Cold', wallet: 'bc1qex…ample' });
    expect(done.confirmed!.usableAt).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(connectAddressConfirm(resolve('asking', { error: { key: 'address_book.link' } }), send).getProblemProps()).toMatchObject({ role: 'alert', 'data-focus-on': 'confirm-address-error' });
  });
});
