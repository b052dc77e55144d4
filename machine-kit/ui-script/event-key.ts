import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { activeInvokes } from '../events';

const DONE = /^xstate\.done\.actor\.(.+)$/;
const ERROR = /^xstate\.error\.actor\.(.+)$/;
const AFTER = /^xstate\.after\.(.+)\.[^.]+(?:\.[^.]+)*$/;

/** the delay of an `xstate.after.<delay>.<stateId>` event as the state node declares it (a name or ms) */
function afterKey(event: AnyEventObject, before: AnyMachineSnapshot): string {
  for (const node of before._nodes) {
    for (const t of node.after ?? []) if (t.eventType === event.type) return `after:${String(t.delay)}`;
  }
  const m = AFTER.exec(event.type);
  return `after:${m ? m[1].split('.')[0] : event.type}`;
}

/**
 * The key the UI bindings and the UI scripts give an event: its type, `<src>.done` / `<src>.error`
 * for an invoked actor's outcome, `after:<delay>` for a delayed transition.
 */
export function eventKey(event: AnyEventObject, before: AnyMachineSnapshot): string {
  const done = DONE.exec(event.type) ?? ERROR.exec(event.type);
  if (done) return `${activeInvokes(before).get(done[1]) ?? done[1]}.${event.type.startsWith('xstate.done') ? 'done' : 'error'}`;
  if (event.type.startsWith('xstate.after.')) return afterKey(event, before);
  return event.type;
}

/** The key of the event a transition (by its id `<state>:<event>:<n>`) listens to. */
export function transitionEventKey(machine: AnyStateMachine, transition: string): string {
  const [stateId, ...rest] = transition.split(':');
  const type = rest.slice(0, -1).join(':');
  if (type === 'always') return 'always';
  const node = machine.getStateNodeById(stateId);
  const done = DONE.exec(type) ?? ERROR.exec(type);
  if (done) {
    const def = node.invoke.find((d) => d.id === done[1]);
    const src = def ? (typeof def.src === 'string' ? def.src : def.id) : done[1];
    return `${src}.${type.startsWith('xstate.done') ? 'done' : 'error'}`;
  }
  if (type.startsWith('xstate.after.')) {
    const t = (node.after ?? []).find((a) => a.eventType === type);
    return `after:${t ? String(t.delay) : type}`;
  }
  return type;
}
