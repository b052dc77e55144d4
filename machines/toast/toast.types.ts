import type { Msg } from '../../core/message';

export interface Toast {
  id: string;
  text: Msg;
  kind: 'info' | 'success' | 'error';
}

export interface ToastInput {
  /** how long a toast stays, from settings (toastMs, 5 s by default) */
  durationMs?: number;
}

export interface ToastContext {
  toasts: Toast[];
  durationMs: number;
}

export type ToastEvent =
  | { type: 'toast.show'; toast: Toast }
  | { type: 'toast.dismiss'; id: string }
  /** settings arrived: use their toast duration for the next toasts */
  | { type: 'toast.configure'; durationMs: number };
