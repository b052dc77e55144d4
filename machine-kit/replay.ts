import { createActor, SimulatedClock, type AnyActorRef, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { CoverageRecorder } from './coverage';
import { FakeActors } from './fakes';
import { formatEvent, formatValue, serializeEvent, stableJson } from './serialize';
import { delayOf, resolveDelay, TimerWatch } from './timers';
import type { MachineModel, PathStep, StepFailure, TestPath } from './types';
import { activeInvokes } from './events';

const DONE = /^xstate\.done\.actor\.(.+)$/;
const ERROR = /^xstate\.error\.actor\.(.+)$/;

/** what differs between the snapshot the path expects and the one the actor has; undefined if none */
export function compareSnapshot(actual: AnyMachineSnapshot, expected: AnyMachineSnapshot): string | undefined {
  const problems: string[] = [];
  if (stableJson(actual.value) !== stableJson(expected.value)) {
    problems.push(`state ${formatValue(actual.value)}, expected ${formatValue(expected.value)}`);
  }
  if (actual.status !== expected.status) problems.push(`status ${actual.status}, expected ${expected.status}`);
  const a = (actual.context ?? {}) as Record<string, unknown>;
  const e = (expected.context ?? {}) as Record<string, unknown>;
  for (const key of new Set([...Object.keys(a), ...Object.keys(e)])) {
    if (stableJson(a[key]) !== stableJson(e[key])) {
      problems.push(`context.${key} ${stableJson(a[key]) ?? 'undefined'}, expected ${stableJson(e[key]) ?? 'undefined'}`);
    }
  }
  return problems.length ? problems.join('; ') : undefined;
}

/**
 * Delivers one path event to the live actor the way the real world would; returns a problem or undefined.
 * The explorer's step mode delivers the events an analyst clicks with it too.
 */
export function deliver(
  event: AnyEventObject,
  ctx: { actor: AnyActorRef; fakes: FakeActors; timers: TimerWatch; clock: SimulatedClock; model: MachineModel; before: AnyMachineSnapshot },
): string | undefined {
  const { actor, fakes, timers, clock, model, before } = ctx;
  const done = DONE.exec(event.type);
  const error = ERROR.exec(event.type);
  if (done || error) {
    const invokeId = (done ?? error)![1];
    const fake = fakes.child(actor, invokeId);
    if (!fake) return `no running actor "${invokeId}" to ${done ? 'finish' : 'fail'}`;
    fake.ref.send(done ? { type: 'fake.done', output: event.output } : { type: 'fake.error', error: event.error });
    return undefined;
  }
  if (event.type.startsWith('xstate.after.')) {
    const timer = timers.armed(event.type);
    if (!timer) return `timer ${event.type} is not armed (armed: ${timers.pendingTypes().join(', ') || 'none'})`;
    const resolved = resolveDelay(model.machine, delayOf(before, event.type), timer.args);
    const due = resolved === undefined ? timer.dueAt : timer.armedAt + resolved;
    clock.increment(Math.max(0, due - clock.now()));
    timers.note(actor.getSnapshot());
    if (timers.armed(event.type)?.scheduled === timer.scheduled) {
      return `timer ${event.type} was armed for ${timer.scheduled.delay} ms but its delay resolves to ${resolved} ms`;
    }
    return undefined;
  }
  const emitters = Object.entries(model.emitted ?? {})
    .filter(([, cases]) => cases.some((c) => serializeEvent(c) === serializeEvent(event)))
    .map(([src]) => src);
  if (emitters.length) {
    const fake = fakes.ofSrc(emitters).find((f) => f.ref._parent === actor);
    if (!fake) return `no running actor of ${emitters.join(' or ')} to send ${event.type}`;
    fake.sendBack(event);
    return undefined;
  }
  actor.send(event);
  return undefined;
}

/**
 * Replays one path on a real actor of the machine with fake actors and a simulated clock,
 * comparing value, status and context after every step.
 */
export function replayPath(model: MachineModel, path: TestPath, recorder: CoverageRecorder): StepFailure | undefined {
  const fakes = new FakeActors();
  const clock = new SimulatedClock();
  const machine = fakes.provideTo(model.machine);
  recorder.recordInitial(machine, path.input);
  const actor = createActor(machine, { input: path.input, clock, inspect: recorder.inspect });
  let crashed: unknown;
  actor.subscribe({ error: (err) => (crashed = err) });
  actor.start();
  const timers = new TimerWatch(actor, clock);
  timers.note(actor.getSnapshot());
  try {
    const steps: PathStep[] = path.steps;
    for (let i = 0; i < steps.length; i++) {
      const before = actor.getSnapshot() as AnyMachineSnapshot;
      const problem = i === 0 ? undefined : deliver(steps[i].event, { actor, fakes, timers, clock, model, before });
      const what = i === 0 ? 'start' : formatEvent(steps[i].event, (id) => activeInvokes(before).get(id));
      if (problem) return { step: i, message: `step ${i} (${what}): ${problem}` };
      if (crashed !== undefined) return { step: i, message: `step ${i} (${what}): the actor failed: ${String(crashed)}` };
      timers.note(actor.getSnapshot());
      const diff = compareSnapshot(actor.getSnapshot() as AnyMachineSnapshot, steps[i].state);
      if (diff) return { step: i, message: `step ${i} (${what}): ${diff}` };
    }
    return undefined;
  } finally {
    actor.stop();
  }
}
