import { useSelector } from '@xstate/react';
import { modalActor } from './app';
import { connectModal } from './modal-view';

/** The app-wide modal manager, for the host that shows its current modal. */
export function useModal() {
  return connectModal(useSelector(modalActor, (s) => s), modalActor.send);
}
