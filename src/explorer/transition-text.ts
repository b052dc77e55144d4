import type { AnyStateMachine, AnyTransitionDefinition } from 'xstate';
import { humaniseEvent } from '../../machine-kit/diagram/event-text';
import { guardName } from '../../machine-kit/diagram/names';

/** A transition in words, from its coverage id (`<state id>:<event>:<index>`). */
export interface TransitionWords {
  /** state path without the machine id: `checking`, `listening.waiting` */
  source: string;
  /** '' when the transition has no target (it stays, no exit, no entry) */
  target: string;
  /** `done: checkWithdrawal`, `after 60 s (invoicePoll)`, `form.submit` */
  event: string;
  /** `isCase(five)`, `else`, '' */
  guard: string;
}

const pathOf = (machine: AnyStateMachine, id: string) => (id === machine.id ? machine.id : id.startsWith(`${machine.id}.`) ? id.slice(machine.id.length + 1) : id);

/** The id's parts as the diagram writes them; null when the machine has no such transition. */
export function transitionWords(machine: AnyStateMachine, transitionId: string): TransitionWords | null {
  const m = /^(.*):(.*):(\d+)$/.exec(transitionId);
  if (!m) return null;
  const [, sourceId, eventKey, index] = m;
  let list: readonly AnyTransitionDefinition[];
  try {
    const node = machine.getStateNodeById(sourceId);
    list = eventKey === 'always' ? (node.always ?? []) : (node.transitions.get(eventKey) ?? []);
  } catch {
    return null;
  }
  const t = list[Number(index)];
  if (!t) return null;
  const earlierGuarded = list.slice(0, Number(index)).some((o) => o.guard !== undefined);
  const guard = t.guard !== undefined ? guardName(t.guard) : earlierGuarded ? 'else' : '';
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  const { event } = humaniseEvent(t, (name) => (typeof delays[name] === 'number' ? { ms: delays[name] } : typeof delays[name] === 'function' ? { computed: true } : {}));
  return { source: pathOf(machine, sourceId), target: t.target?.length ? t.target.map((s) => pathOf(machine, s.id)).join(', ') : '', event, guard };
}

/** `checking → finalizing on done: checkWithdrawal [isCase(five)]`; `on` is the language's word. The id itself when unknown. */
export function transitionText(machine: AnyStateMachine, transitionId: string, on = 'on'): string {
  const w = transitionWords(machine, transitionId);
  if (!w) return transitionId;
  return `${w.source} → ${w.target || w.source} ${on} ${w.event}${w.guard ? ` [${w.guard}]` : ''}`;
}
