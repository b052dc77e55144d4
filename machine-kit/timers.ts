import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot, AnyStateMachine, SimulatedClock } from 'xstate';

type Scheduled = ReturnType<AnyActorRef['system']['getSnapshot']>['_scheduledEvents'][string];
type DelayArgs = { context: unknown; event: AnyEventObject };
type DelaySpec = number | string | ((args: DelayArgs, params: unknown) => number);

/** the delay of the `after` transition that listens to `eventType` in this snapshot */
export function delayOf(snapshot: AnyMachineSnapshot, eventType: string): DelaySpec | undefined {
  for (const node of snapshot._nodes) {
    for (const t of node.after) if (t.eventType === eventType) return t.delay as DelaySpec;
  }
  return undefined;
}

/** Resolves a named (or inline) delay through the machine's implementations, function delays included. */
export function resolveDelay(machine: AnyStateMachine, delay: DelaySpec | undefined, args: DelayArgs): number | undefined {
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'function') return delay(args, undefined);
  if (delay === undefined) return undefined;
  const impl = machine.implementations.delays[delay] as number | ((a: DelayArgs, p: unknown) => number) | undefined;
  return typeof impl === 'function' ? impl(args, undefined) : impl;
}

/**
 * Watches the timers an actor arms on the simulated clock: XState's scheduler records when a timer
 * was armed with Date.now(), so the runner notes the simulated time itself.
 */
export class TimerWatch {
  private readonly armed_ = new Map<Scheduled, { at: number; args: DelayArgs }>();
  private lastEvent: AnyEventObject = { type: 'xstate.init' };

  constructor(
    private readonly actor: AnyActorRef,
    private readonly clock: SimulatedClock,
  ) {
    actor.system.inspect((ev) => {
      if (ev.type === '@xstate.event' && ev.actorRef === actor) this.lastEvent = ev.event;
    });
  }

  /**
   * Call after every step: timers that appeared since were armed now, with this context and the
   * last event the actor received (what a function delay was called with).
   */
  note(snapshot: AnyMachineSnapshot): void {
    const pending = new Set(Object.values(this.actor.system.getSnapshot()._scheduledEvents));
    for (const s of pending) {
      if (!this.armed_.has(s)) this.armed_.set(s, { at: this.clock.now(), args: { context: snapshot.context, event: this.lastEvent } });
    }
    for (const s of [...this.armed_.keys()]) if (!pending.has(s)) this.armed_.delete(s);
  }

  /** the armed timer of the root actor that will send `eventType` */
  armed(eventType: string): { scheduled: Scheduled; armedAt: number; dueAt: number; args: DelayArgs } | undefined {
    for (const [scheduled, { at, args }] of this.armed_) {
      if (scheduled.source === this.actor && scheduled.event.type === eventType) {
        return { scheduled, armedAt: at, dueAt: at + scheduled.delay, args };
      }
    }
    return undefined;
  }

  pendingTypes(): string[] {
    return [...this.armed_.keys()].map((s) => s.event.type);
  }
}
