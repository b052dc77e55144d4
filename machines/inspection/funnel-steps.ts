import type { AnyActorRef, AnyTransitionDefinition, InspectionEvent } from 'xstate';
import type { FunnelStep } from '../../core/contract/funnel';
import { transitionId } from './transition-id';

/**
 * The funnel's steps from XState's inspection events (issue 34 §4): every transition an actor
 * of a machine takes, with how long its source state had been held. Only ids and a duration: no
 * context, no event payload. The app's reporter (src/flows/shared/funnel-reporter.ts) and the
 * sandbox traffic script (scripts/traffic/) both feed their actors' events here.
 *
 * When a state was entered: a transition's targets are entered at its time (and everything under
 * them: the time of `a.b` is `a`'s when `a.b` was entered by `a`'s initial state); an actor's
 * initial states at its start. A state entered again forgets its old children's times.
 */
export function funnelSteps(now: () => number, emit: (step: FunnelStep) => void): (event: InspectionEvent) => void {
  /** per actor: state id → when entered (ms); '' is the actor's start */
  const entered = new Map<string, Map<string, number>>();

  function since(times: Map<string, number>, id: string): number | null {
    for (let at = id; ; at = at.slice(0, at.lastIndexOf('.'))) {
      const t = times.get(at);
      if (t !== undefined) return t;
      if (!at.includes('.')) return times.get('') ?? null;
    }
  }

  function enter(times: Map<string, number>, id: string, at: number): void {
    for (const key of [...times.keys()]) if (key.startsWith(`${id}.`)) times.delete(key);
    times.set(id, at);
  }

  return (event) => {
    const actor = event.actorRef as AnyActorRef;
    const machine = (actor as { logic?: { id?: string; config?: unknown } }).logic;
    if (!machine?.id || !machine.config) return; // promises, callbacks: no states
    // an actor's initial states are entered as it is made: an initial `always` is a microstep before its `xstate.init` event
    if (event.type === '@xstate.actor' || (event.type === '@xstate.event' && event.event.type === 'xstate.init')) {
      if (!entered.has(actor.sessionId)) entered.set(actor.sessionId, new Map([['', now()]]));
      return;
    }
    if (event.type === '@xstate.snapshot' && (event.snapshot as { status?: string }).status !== 'active') {
      entered.delete(actor.sessionId);
      return;
    }
    if (event.type !== '@xstate.microstep') return;
    const times = entered.get(actor.sessionId) ?? new Map<string, number>();
    entered.set(actor.sessionId, times);
    const at = now();
    for (const t of event._transitions as AnyTransitionDefinition[]) {
      const from = t.source.id;
      const start = since(times, from);
      const targets = (t.target ?? []).map((s) => s.id);
      emit({ machine: machine.id, transition: transitionId(t), from, to: targets[0] ?? '', dwellMs: start === null ? null : Math.max(0, at - start) });
      for (const target of targets) enter(times, target, at);
    }
  };
}
