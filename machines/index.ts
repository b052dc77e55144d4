import type { AnyStateMachine } from 'xstate';

/** Every flow of the product. The explorer, the diagram export and the coverage gate read this list. */
export interface MachineEntry {
  machine: AnyStateMachine;
  /** one line for analysts: what the flow is for */
  purpose: string;
}

export const machines: Record<string, MachineEntry> = {};
