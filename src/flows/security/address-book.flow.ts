import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { addressBookMachine } from '../../../machines/address-book/address-book.machine';
import { addressConfirmMachine } from '../../../machines/address-confirm/address-confirm.machine';
import { addDestination, confirmAddress, loadAddressBook, removeDestination, setSavedOnly } from '../../api/address-book';
import { currentLang } from '../shell/navigation';
import { inspect } from '../shared/inspector';
import { connectAddressBook, savedDestinationOptions } from './address-book.connect';
import { connectAddressConfirm } from './address-confirm.connect';

export const addressBookFlow = addressBookMachine.provide({
  actors: {
    loadBook: fromPromise(async () => loadAddressBook()),
    addDestination: fromPromise(async ({ input }) => addDestination(input)),
    removeDestination: fromPromise(async ({ input }) => removeDestination(input.id)),
    setSavedOnly: fromPromise(async ({ input }) => setSavedOnly(input.on)),
  },
});

/** The withdrawal address book (issue 31 §6), for the security page. */
export function useAddressBook() {
  const actor = useActorRef(addressBookFlow, { inspect });
  return connectAddressBook(
    useSelector(actor, (s) => s),
    actor.send,
  );
}

/** The withdrawal form's saved destinations (read once with the page): `for(method)` gives the field's suggestions. */
export function useSavedDestinations() {
  const actor = useActorRef(addressBookFlow, { inspect });
  const snapshot = useSelector(actor, (s) => s);
  return { for: (method: string) => savedDestinationOptions(snapshot, method) };
}

export const addressConfirmFlow = addressConfirmMachine.provide({
  actors: { confirmAddress: fromPromise(async ({ input }) => confirmAddress(input.token)) },
});

/** /{lang}/confirm-address?token=…: its own actor for the link's token (opening the page changes nothing). */
export function useAddressConfirm() {
  const [input] = useState(() => ({ token: (new URLSearchParams(window.location.search).get('token') ?? '').slice(0, 200) }));
  const actor = useActorRef(addressConfirmFlow, { input, inspect });
  return { ...connectAddressConfirm(useSelector(actor, (s) => s), actor.send), lang: currentLang() };
}
