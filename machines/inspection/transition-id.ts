import type { AnyTransitionDefinition } from 'xstate';

/**
 * `<sourceStateId>:<eventType>:<index>` (eventless: `always`): the id the coverage runner, the
 * diagrams and the explorer give a transition; the index counts the source's guarded alternatives.
 * The app's inspector uses this copy (the trader's pages must not bundle machine-kit/ or scripts/).
 */
export function transitionId(t: AnyTransitionDefinition): string {
  const always = t.eventType === '';
  const list: readonly AnyTransitionDefinition[] = always ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  const index = list.indexOf(t);
  return `${t.source.id}:${always ? 'always' : t.eventType}:${index < 0 ? '?' : index}`;
}
