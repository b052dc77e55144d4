import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/** Every state node of a machine, root first, in document order (history pseudo-states are not states). */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const visit = (node: AnyStateNode): void => {
    if (node.type !== 'history') out.push(node);
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return out;
}

/** A transition that neither targets, acts nor re-enters does nothing; XState does not offer its event either. */
export function isInert(t: AnyTransitionDefinition): boolean {
  return !t.target?.length && !t.actions.length && !t.reenter;
}

/**
 * Stable id of a transition: `<sourceStateId>:<eventType>:<index>`, the index counting the
 * guarded alternatives for that event in that state (`always` for eventless transitions).
 */
export function transitionId(t: AnyTransitionDefinition): string {
  const source = t.source;
  const always = t.eventType === '';
  const list: readonly AnyTransitionDefinition[] = always ? (source.always ?? []) : (source.transitions.get(t.eventType) ?? []);
  const index = list.indexOf(t);
  return `${source.id}:${always ? 'always' : t.eventType}:${index < 0 ? '?' : index}`;
}

export interface Inventory {
  states: string[];
  transitions: string[];
  /** transitions left out of the total because they do nothing */
  inert: string[];
}

/** All state nodes and all transitions (on, after, onDone, onError, onSnapshot, always, guarded alternatives). */
export function inventory(machine: AnyStateMachine): Inventory {
  const nodes = allStateNodes(machine);
  const transitions: string[] = [];
  const inert: string[] = [];
  for (const node of nodes) {
    const defs = [...node.transitions.values()].flat().concat(node.always ?? []);
    for (const t of defs) (isInert(t) ? inert : transitions).push(transitionId(t));
  }
  return { states: nodes.map((n) => n.id), transitions, inert };
}
