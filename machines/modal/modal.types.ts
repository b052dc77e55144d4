import type { Msg } from '../../core/message';

export type ModalKind = 'alert' | 'confirm' | 'dynamic';

export interface ModalRequest {
  /** chosen by the caller; a confirm's answer is emitted with it */
  id: string;
  kind: ModalKind;
  title?: Msg;
  text?: Msg;
  variant?: 'error' | 'info' | 'success' | 'warning';
  /** confirm buttons */
  yes?: Msg;
  no?: Msg;
  /** dynamic modals: the registered view name (add-account, bitcoin explanation, …) and its props */
  name?: string;
  props?: Record<string, unknown>;
}

export interface ModalContext {
  current: ModalRequest | null;
  queue: ModalRequest[];
}

export type ModalEvent =
  | { type: 'modal.open'; request: ModalRequest }
  | { type: 'modal.close' }
  | { type: 'modal.yes' }
  | { type: 'modal.no' };

/** what the modal manager tells the rest of the app */
export type ModalEmitted = { type: 'modal.answered'; id: string; yes: boolean } | { type: 'modal.closed'; id: string };
