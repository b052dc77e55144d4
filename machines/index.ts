import type { AnyStateMachine } from 'xstate';
import { loginMachine } from './login/login.machine';
import { modalMachine } from './modal/modal.machine';
import { sessionMachine } from './session/session.machine';
import { toastMachine } from './toast/toast.machine';

/** Every flow of the product. The explorer, the diagram export and the coverage gate read this list. */
export interface MachineEntry {
  machine: AnyStateMachine;
  /** one line for analysts: what the flow is for */
  purpose: string;
}

export const machines: Record<string, MachineEntry> = {
  login: { machine: loginMachine, purpose: 'Sign in: platform login, then the product session; autologin; errors shaken' },
  session: { machine: sessionMachine, purpose: 'The current user and settings, loaded once; user updates; logout and platform not-auth' },
  modal: { machine: modalMachine, purpose: 'One modal manager for alert, confirm and dynamic modals, queued' },
  toast: { machine: toastMachine, purpose: 'Toasts that leave after the toast duration (5 s by default)' },
};
