import { useSelector } from '@xstate/react';
import { modalActor } from './app.flow';
import { connectModal } from './modal.connect';

/** The app-wide modal manager, for the host that shows its current modal. */
export function useModal() {
  return connectModal(useSelector(modalActor, (s) => s), modalActor.send);
}
