import { getInitialMicrosteps, type AnyMachineSnapshot, type AnyStateMachine, type InspectionEvent } from 'xstate';
import { transitionId } from './inventory';

/**
 * Counts, from inspection events, the transitions a running machine took and the state nodes it
 * was in. Only the root actor's microsteps count (fakes are not machines).
 */
export class CoverageRecorder {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();

  /** pass as `inspect` to createActor */
  readonly inspect = (ev: InspectionEvent): void => this.recordEvent(ev);

  protected recordEvent(ev: InspectionEvent): void {
    if (ev.actorRef.sessionId !== ev.rootId) return;
    if (ev.type === '@xstate.microstep') {
      for (const t of ev._transitions) {
        this.transitions.add(transitionId(t));
        this.states.add(t.source.id);
      }
      this.addNodes(ev.snapshot as AnyMachineSnapshot);
    } else if (ev.type === '@xstate.snapshot') {
      this.addNodes(ev.snapshot as AnyMachineSnapshot);
    }
  }

  /**
   * XState does not report the initial microstep (entering the initial states) as an inspection
   * event; it is the same pure step for a given input, so it is computed here.
   */
  recordInitial(machine: AnyStateMachine, input: unknown): void {
    const [first] = getInitialMicrosteps(machine, input as never);
    if (first) this.addNodes(first[0]);
  }

  private addNodes(snapshot: AnyMachineSnapshot | undefined): void {
    for (const node of snapshot?._nodes ?? []) this.states.add(node.id);
  }
}

export function countCoverage(all: string[], seen: Set<string>): { total: number; covered: string[]; uncovered: string[] } {
  return { total: all.length, covered: all.filter((id) => seen.has(id)), uncovered: all.filter((id) => !seen.has(id)) };
}
