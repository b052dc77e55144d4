import type { AnyStateMachine } from 'xstate';
import { invoiceMachine } from './invoice/invoice.machine';
import { loginMachine } from './login/login.machine';
import { modalMachine } from './modal/modal.machine';
import { sessionMachine } from './session/session.machine';
import { toastMachine } from './toast/toast.machine';
import { explorerMachine, liveMachine, stepMachine } from './explorer/index';

/** Every flow of the product. The explorer, the diagram export and the coverage gate read this list. */
export interface MachineEntry {
  machine: AnyStateMachine;
  /** one line for analysts: what the flow is for */
  purpose: string;
}

export const machines: Record<string, MachineEntry> = {
  login: { machine: loginMachine, purpose: 'Sign in: platform login, then the product session; autologin; errors shaken' },
  session: { machine: sessionMachine, purpose: 'The current user and settings, loaded once; user updates; logout and platform not-auth' },
  invoice: { machine: invoiceMachine, purpose: 'A crypto invoice for any coin: wt → su | ex, polled every 60 s, checked on push and when the countdown ends' },
  modal: { machine: modalMachine, purpose: 'One modal manager for alert, confirm and dynamic modals, queued' },
  toast: { machine: toastMachine, purpose: 'Toasts that leave after the toast duration (5 s by default)' },
  explorer: { machine: explorerMachine, purpose: 'The machine explorer page: opens a diagram (laid out at build time or in the browser) and the coverage report' },
  explorerStep: { machine: stepMachine, purpose: 'Explorer step mode: a machine on fake actors and a simulated clock, one clicked event at a time; back and reset' },
  explorerLive: { machine: liveMachine, purpose: "Explorer live mode: follows the app's actors in other tabs through the inspection channel" },
};
