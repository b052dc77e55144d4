import type { AnyStateMachine } from 'xstate';
import { activeInvokes } from './events';
import { formatEvent, formatValue } from './serialize';
import { delayOf, resolveDelay } from './timers';
import type { TestPath } from './types';

/** One readable line per path: `event, event(case), …  →  end state value`. */
export function describePath(machine: AnyStateMachine, path: TestPath): string {
  const parts: string[] = [];
  for (let i = 1; i < path.steps.length; i++) {
    const before = path.steps[i - 1].state;
    const event = path.steps[i].event;
    let text = formatEvent(event, (id) => activeInvokes(before).get(id));
    if (event.type.startsWith('xstate.after.')) {
      const spec = delayOf(before, event.type);
      const ms = resolveDelay(machine, spec, { context: before.context, event: path.steps[i - 1].event });
      text = `after(${typeof spec === 'string' ? `${spec}=` : ''}${ms ?? '?'}ms)`;
    }
    parts.push(text);
  }
  const end = path.steps[path.steps.length - 1].state;
  return `${parts.join(', ') || '(initial)'}  →  ${formatValue(end.value)}${end.status === 'active' ? '' : ` [${end.status}]`}`;
}
