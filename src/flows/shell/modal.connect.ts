import type { EventFrom, SnapshotFrom } from 'xstate';
import type { modalMachine } from '../../../machines/modal/modal.machine';
import type { ModalRequest } from '../../../machines/modal/modal.types';
import type { Msg } from '../../../core/message';

type ModalSnapshot = SnapshotFrom<typeof modalMachine>;

export type ShownModal = 'alert' | 'confirm' | 'dynamic';

/** Which modal is on screen (null: none). */
export const selectShownModal = (s: ModalSnapshot): ShownModal | null =>
  s.matches('confirm') ? 'confirm' : s.matches('alert') ? 'alert' : s.matches('dynamic') ? 'dynamic' : null;

export interface ModalApi {
  /** what is on screen: null, or the kind and the request */
  shown: { kind: ShownModal; request: ModalRequest } | null;
  /** a registered view (add-account, …) rather than a text */
  dynamic: boolean;
  /** a Yes/No question */
  confirm: boolean;
  /** the title the request names; an error alert without one is titled "Error" */
  title: Msg | null;
  close: () => void;
  yes: () => void;
  no: () => void;
}

/** The modal manager for the host that shows it. */
export function connectModal(s: ModalSnapshot, send: (event: EventFrom<typeof modalMachine>) => void): ModalApi {
  const kind = selectShownModal(s);
  const request = s.context.current;
  const shown = kind && request ? { kind, request } : null;
  return {
    shown,
    dynamic: kind === 'dynamic',
    confirm: kind === 'confirm',
    title: !shown ? null : request?.title ?? (kind === 'alert' && request?.variant === 'error' ? { key: 'error.title' } : null),
    close: () => send({ type: 'modal.close' }),
    yes: () => send({ type: 'modal.yes' }),
    no: () => send({ type: 'modal.no' }),
  };
}
