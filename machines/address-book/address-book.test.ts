import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ADDRESS_BOOK_RULES } from '../../core/address-book';
import type { AddressBook } from '../../core/contract/address-book';
import { addressBookMachine } from './address-book.machine';

const empty: AddressBook = { destinations: [], savedOnly: false, savedOnlyEndsAt: null, holdMinutes: 1440 };

function started(sent: unknown[] = []) {
  const actor = createActor(
    addressBookMachine.provide({
      actors: {
        loadBook: fromPromise(async () => empty),
        addDestination: fromPromise(async ({ input }) => {
          sent.push(input);
          return empty;
        }),
        setSavedOnly: fromPromise(async ({ input }) => {
          sent.push(input);
          return { ...empty, savedOnly: input.on };
        }),
      },
    }),
  ).start();
  return actor;
}

describe('addressBook', () => {
  it('a name of 1 to 40 characters once trimmed is sent (trimmed); none or 41 is refused before any call', async () => {
    const sent: unknown[] = [];
    const actor = started(sent);
    await new Promise((r) => setTimeout(r, 0));
    const add = (label: string) => actor.send({ type: 'book.add', method: 'Bitcoin', wallet: 'bc1q', alt: '', label });
    add(' '.repeat(3));
    expect(actor.getSnapshot().context.error).toEqual({ key: 'address_book.label', params: { max: String(ADDRESS_BOOK_RULES.labelMax) } });
    add('x'.repeat(ADDRESS_BOOK_RULES.labelMax + 1));
    expect(actor.getSnapshot().matches({ ready: 'failed' })).toBe(true);
    add(' a ');
    await new Promise((r) => setTimeout(r, 0));
    add('y'.repeat(ADDRESS_BOOK_RULES.labelMax));
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([
      { method: 'Bitcoin', wallet: 'bc1q', alt: '', label: 'a' },
      { method: 'Bitcoin', wallet: 'bc1q', alt: '', label: 'y'.repeat(ADDRESS_BOOK_RULES.labelMax) },
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ saved: 2, last: 'add', answers: 4 });
  });

  it('a switch is sent only when it changes something: on while off, off while on; on again while a switch-off waits', async () => {
    const sent: unknown[] = [];
    const actor = started(sent);
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'book.savedOnly', on: false });
    expect(actor.getSnapshot().matches('switching')).toBe(false);
    actor.send({ type: 'book.savedOnly', on: true });
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'book.savedOnly', on: true });
    expect(actor.getSnapshot().matches('switching')).toBe(false);
    expect(sent).toEqual([{ on: true }]);
    expect(actor.getSnapshot().context.last).toBe('savedOnly');
  });
});
