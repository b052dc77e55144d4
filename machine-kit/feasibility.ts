import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { caseAllows, runningActor } from './events';
import { formatEvent, stableJson } from './serialize';
import type { ActorOutcome, MachineModel, TestPath } from './types';

const OUTCOME = /^xstate\.(done|error)\.actor\.(.+)$/;

/**
 * Is `event`, sent in `before`, an outcome the running actor can produce? Undefined if it is (or
 * it is no actor outcome), otherwise why not. Read from the snapshot alone, apart from the
 * generator: the actor must be running (a child of the snapshot), the outcome must be one of the
 * model's cases for its src whose `when` allows the actor's input, and the model's independent
 * `feasible` rule for that src (if any) must accept it.
 */
export function outcomeProblem(model: MachineModel, before: AnyMachineSnapshot, event: AnyEventObject): string | undefined {
  const match = OUTCOME.exec(event.type);
  if (!match) return undefined;
  const done = match[1] === 'done';
  const actor = runningActor(before, match[2]);
  const what = formatEvent(event, () => actor?.src);
  if (!actor) return `${what}: no actor "${match[2]}" is running`;
  const outcome: ActorOutcome = done ? { output: event.output as unknown } : { error: event.error as unknown };
  const value = stableJson(done ? event.output : event.error);
  const cases = (model.actors?.[actor.src] ?? []).filter((c) => (done ? 'output' in c && stableJson(c.output) === value : 'error' in c && stableJson(c.error) === value));
  const json = stableJson(actor.input) ?? 'no input';
  const input = json.length > 160 ? `${json.slice(0, 157)}...` : json;
  if (model.actors?.[actor.src] && !cases.length) return `${what}: not an outcome the model gives ${actor.src}`;
  if (cases.length && !cases.some((c) => caseAllows(c, actor.input))) {
    return `${what}: ${actor.src} started with ${input} cannot end so (its case is tied to another input)`;
  }
  const rule = model.feasible?.[actor.src];
  if (rule && !rule(actor.input, outcome)) return `${what}: ${actor.src} started with ${input} cannot end so (the model's feasibility rule for ${actor.src})`;
  return undefined;
}

/** The first step of `path` whose actor outcome the running actor could not produce, or undefined. */
export function infeasibleStep(model: MachineModel, path: TestPath): { step: number; message: string } | undefined {
  for (let i = 1; i < path.steps.length; i++) {
    const problem = outcomeProblem(model, path.steps[i - 1].state, path.steps[i].event);
    if (problem) return { step: i, message: `step ${i}: ${problem}` };
  }
  return undefined;
}
