import type { AnyStateMachine } from 'xstate';
import { activeInvokes } from './events';
import { formatEvent, formatValue } from './serialize';
import { delayOf, resolveDelay } from './timers';
import type { TestPath } from './types';

/** How step `i` (1 and on) of a path reads: `src.done(output)`, `after(name=5000ms)`, `type(payload)`. */
export function describeStep(machine: AnyStateMachine, path: TestPath, i: number): string {
  const before = path.steps[i - 1].state;
  const event = path.steps[i].event;
  if (event.type.startsWith('xstate.after.')) {
    const spec = delayOf(before, event.type);
    const ms = resolveDelay(machine, spec, { context: before.context, event: path.steps[i - 1].event });
    return `after(${typeof spec === 'string' ? `${spec}=` : ''}${ms ?? '?'}ms)`;
  }
  return formatEvent(event, (id) => activeInvokes(before).get(id));
}

/** One readable line per path: `event, event(case), …  →  end state value`. */
export function describePath(machine: AnyStateMachine, path: TestPath): string {
  const parts: string[] = [];
  for (let i = 1; i < path.steps.length; i++) parts.push(describeStep(machine, path, i));
  const end = path.steps[path.steps.length - 1].state;
  return `${parts.join(', ') || '(initial)'}  →  ${formatValue(end.value)}${end.status === 'active' ? '' : ` [${end.status}]`}`;
}
