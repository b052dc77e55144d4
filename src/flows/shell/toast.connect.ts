import type { EventFrom, SnapshotFrom } from 'xstate';
import type { toastMachine } from '../../../machines/toast/toast.machine';
import type { Toast } from '../../../machines/toast/toast.types';
import { buttonProps } from '../shared/props';

export interface ToastsApi {
  toasts: Toast[];
  dismiss: (id: string) => void;
  /** the toasts' area: what appears in it is announced politely */
  getRegionProps: () => { role: 'status'; 'aria-live': 'polite' };
  /** a toast's dismiss button */
  getDismissProps: (id: string) => ReturnType<typeof buttonProps>;
}

/** The toasts on screen, each dismissable. */
export function connectToasts(s: SnapshotFrom<typeof toastMachine>, send: (event: EventFrom<typeof toastMachine>) => void): ToastsApi {
  const dismiss = (id: string) => send({ type: 'toast.dismiss', id });
  return {
    toasts: s.context.toasts,
    dismiss,
    getRegionProps: () => ({ role: 'status', 'aria-live': 'polite' }),
    getDismissProps: (id) => buttonProps(() => dismiss(id)),
  };
}
