import { createActor, SimulatedClock, type AnyActorRef, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type InspectionEvent } from 'xstate';
import type { EnabledEvent, EnabledKind, JsonEvent, StepView } from '../../machines/explorer/step.types';
import { activeInvokes, eventSource, runningActor, type EventSource } from '../../machine-kit/events';
import { outcomeProblem } from '../../machine-kit/feasibility';
import { FakeActors } from '../../machine-kit/fakes';
import { transitionId } from '../../machine-kit/inventory';
import { deliver } from '../../machine-kit/replay';
import { formatEvent, serializeEvent, stableJson } from '../../machine-kit/serialize';
import { delayOf, TimerWatch } from '../../machine-kit/timers';
import type { MachineModel } from '../../machine-kit/types';

/** outcomes offered for an actor whose test model gives none */
export const DEFAULT_OUTCOMES: Array<{ output: unknown } | { error: unknown }> = [{ output: null }, { error: { message: 'failed (explorer default)' } }];

/**
 * The test model the explorer steps a machine with: the machine's own model (its payload cases and
 * actor outcomes), and for any actor the model gives no outcome for, a done and an error.
 */
export function stepModel(machine: AnyStateMachine, model?: MachineModel): MachineModel {
  const actors = { ...(model?.actors ?? {}) };
  const emitters = new Set(Object.keys(model?.emitted ?? {}));
  for (const src of Object.keys(machine.implementations.actors)) {
    if (!actors[src] && !emitters.has(src)) actors[src] = DEFAULT_OUTCOMES;
  }
  return { ...(model ?? {}), machine, actors };
}

/** the inputs a machine can start from, as the model lists them */
export function modelInputs(model: MachineModel): unknown[] {
  return model.inputs ?? [model.input];
}

/** JSON that keeps errors readable (`{$error, message}`), never functions or class instances */
export const toJson = (value: unknown): unknown => {
  const text = stableJson(value);
  return text === undefined ? null : (JSON.parse(text) as unknown);
};

function kindOf(event: AnyEventObject, model: MachineModel): EnabledKind {
  if (event.type.startsWith('xstate.done.actor.')) return 'done';
  if (event.type.startsWith('xstate.error.actor.')) return 'error';
  if (event.type.startsWith('xstate.after.')) return 'after';
  const emitted = Object.values(model.emitted ?? {}).flat();
  return emitted.some((e) => serializeEvent(e) === serializeEvent(event)) ? 'emitted' : 'event';
}

/**
 * One machine running on fake actors and a simulated clock, driven an event at a time the way the
 * generated paths are replayed (the runner's event discovery, fakes, timers and delivery).
 */
export class StepEngine {
  private readonly fakes = new FakeActors();
  private readonly clock = new SimulatedClock();
  private readonly actor: AnyActorRef;
  private readonly timers: TimerWatch;
  private readonly source: EventSource;
  private readonly start: number;
  private taken: string[] = [];
  private crashed: unknown;

  constructor(
    private readonly model: MachineModel,
    input: unknown,
  ) {
    this.source = eventSource(model);
    this.start = this.clock.now();
    const record = (ev: InspectionEvent) => {
      if (ev.type === '@xstate.microstep' && ev.actorRef.sessionId === ev.rootId) this.taken.push(...ev._transitions.map(transitionId));
    };
    this.actor = createActor(this.fakes.provideTo(model.machine), { input, clock: this.clock, inspect: record });
    this.actor.subscribe({ error: (err) => (this.crashed = err) });
    this.actor.start();
    this.timers = new TimerWatch(this.actor, this.clock);
    this.timers.note(this.snapshot());
    this.check('start');
  }

  private snapshot(): AnyMachineSnapshot {
    return this.actor.getSnapshot() as AnyMachineSnapshot;
  }

  private check(what: string): void {
    if (this.crashed !== undefined) {
      const why = this.crashed instanceof Error ? this.crashed.message : String(this.crashed);
      throw new Error(`${what}: the machine failed: ${why}`);
    }
  }

  /** how the generated paths write this event, in this snapshot */
  label(event: AnyEventObject, snapshot = this.snapshot()): string {
    if (event.type.startsWith('xstate.after.')) {
      const spec = delayOf(snapshot, event.type);
      const ms = this.remaining(event.type);
      return `after(${typeof spec === 'string' ? `${spec}=` : ''}${ms ?? '?'}ms)`;
    }
    return formatEvent(event, (id) => activeInvokes(snapshot).get(id));
  }

  private remaining(type: string): number | undefined {
    const timer = this.timers.armed(type);
    return timer ? Math.max(0, timer.dueAt - this.clock.now()) : undefined;
  }

  /** the events the machine listens to now, one per payload case or outcome the running actors can produce */
  enabled(): EnabledEvent[] {
    const snapshot = this.snapshot();
    return snapshot.status === 'active' ? this.describe(this.source.events(snapshot), snapshot) : [];
  }

  /** outcomes the model gives but the running actors cannot produce (another processor's reply): sent only by force */
  forcible(): EnabledEvent[] {
    const snapshot = this.snapshot();
    if (snapshot.status !== 'active') return [];
    return this.describe(this.source.infeasible(snapshot), snapshot).map((e) => ({ ...e, infeasible: outcomeProblem(this.model, snapshot, e.event) ?? 'not feasible' }));
  }

  private describe(events: AnyEventObject[], snapshot: AnyMachineSnapshot): EnabledEvent[] {
    const seen = new Set<string>();
    const out: EnabledEvent[] = [];
    for (const event of events) {
      const key = serializeEvent(event);
      if (seen.has(key)) continue;
      seen.add(key);
      const kind = kindOf(event, this.model);
      const delayMs = kind === 'after' ? this.remaining(event.type) : undefined;
      out.push({ event: toJson(event) as JsonEvent, label: this.label(event, snapshot), kind, ...(delayMs === undefined ? {} : { delayMs }) });
    }
    return out;
  }

  view(): StepView {
    const snapshot = this.snapshot();
    return {
      value: toJson(snapshot.value),
      status: snapshot.status as StepView['status'],
      context: toJson(snapshot.context),
      active: snapshot._nodes.filter((n) => n.type !== 'history').map((n) => n.id),
      taken: [...this.taken],
      enabled: this.enabled(),
      forcible: this.forcible(),
      now: this.clock.now() - this.start,
    };
  }

  /**
   * Delivers one event (a user event, an actor outcome, a delay); throws what went wrong. An
   * outcome the running actor cannot produce (a reply from a processor that is not being tried)
   * is refused unless `force` is set.
   */
  send(event: JsonEvent, { force = false }: { force?: boolean } = {}): StepView {
    const before = this.snapshot();
    const label = this.label(event, before);
    if (before.status !== 'active') throw new Error(`${label}: the machine is ${before.status}`);
    const outcome = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type);
    const infeasible = outcome && runningActor(before, outcome[1]) ? outcomeProblem(this.model, before, event) : undefined;
    if (infeasible && !force) throw new Error(`not feasible, refused (use Force to send it anyway): ${infeasible}`);
    this.taken = [];
    const problem = deliver(event, { actor: this.actor, fakes: this.fakes, timers: this.timers, clock: this.clock, model: this.model, before });
    if (problem) throw new Error(`${label}: ${problem}`);
    this.check(label);
    this.timers.note(this.snapshot());
    return this.view();
  }

  stop(): void {
    this.actor.stop();
  }
}
