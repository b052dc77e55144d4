import type { EventFrom, SnapshotFrom } from 'xstate';
import type { toastMachine } from '../../../machines/toast/toast.machine';
import type { Toast } from '../../../machines/toast/toast.types';

export interface ToastsApi {
  toasts: Toast[];
  dismiss: (id: string) => void;
}

/** The toasts on screen, each dismissable. */
export function connectToasts(s: SnapshotFrom<typeof toastMachine>, send: (event: EventFrom<typeof toastMachine>) => void): ToastsApi {
  return {
    toasts: s.context.toasts,
    dismiss: (id) => send({ type: 'toast.dismiss', id }),
  };
}
