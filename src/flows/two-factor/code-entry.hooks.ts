import { useSelector } from '@xstate/react';
import { useMoneyFlow } from '../attention/attention.flow';
import { connectCodeEntry } from './code-entry.connect';
import type { EntryRef } from './two-factor.types';

/** The code entry a parent flow runs as its child (login, withdrawal, the method choice), for its view. */
export function useCodeEntry(entry: EntryRef) {
  // a mandatory step in a money flow: nothing interrupts the code entry
  useMoneyFlow('two-factor', true);
  return connectCodeEntry(useSelector(entry, (s) => s), entry.send);
}
