import { assign, fromPromise, initialTransition, setup, transition } from 'xstate';
import { describe, expect, it } from 'vitest';
import { eventSource } from './events';
import { infeasibleStep, outcomeProblem } from './feasibility';
import { formatTable } from './report';
import { isGreen, runMachine } from './run';
import type { ActorOutcome, MachineModel, TestPath } from './types';

interface Reply {
  proc: string;
  ok: boolean;
}

/** tries processor A, then B on a decline: a small cascade whose actor input names who answers */
const tryMachine = setup({
  types: {} as { context: { stack: string[]; i: number } },
  actors: { start: fromPromise<Reply, { processor: string }>(() => Promise.reject(new Error('not provided'))) },
}).createMachine({
  id: 'try',
  context: { stack: ['A', 'B'], i: 0 },
  initial: 'starting',
  states: {
    starting: {
      invoke: {
        src: 'start',
        input: ({ context }) => ({ processor: context.stack[context.i] }),
        onDone: [
          { guard: ({ event }) => event.output.ok, target: 'approved' },
          { guard: ({ context }) => context.i + 1 < context.stack.length, target: 'starting', reenter: true, actions: assign({ i: ({ context }) => context.i + 1 }) },
          { target: 'failed' },
        ],
      },
    },
    approved: { type: 'final' },
    failed: { type: 'final' },
  },
});

const from = (p: string) => (input: unknown) => (input as { processor: string }).processor === p;
const reply = (proc: string, ok: boolean) => ({ output: { proc, ok } });
/** the domain's rule, written apart from the cases: a reply comes from the processor that was started */
const ownReply = (input: unknown, outcome: ActorOutcome) => 'output' in outcome && (outcome.output as Reply).proc === (input as { processor: string }).processor;

const tied: MachineModel = {
  machine: tryMachine,
  actors: { start: [{ ...reply('A', true), when: from('A') }, { ...reply('A', false), when: from('A') }, { ...reply('B', true), when: from('B') }, { ...reply('B', false), when: from('B') }] },
  feasible: { start: ownReply },
};
const DONE = 'xstate.done.actor.0.try.starting';
const [first] = initialTransition(tryMachine);

describe('feasible outcomes', () => {
  it('offers only the outcomes the running actor can produce, and counts the dropped ones', () => {
    const source = eventSource(tied);
    expect(source.events(first)).toEqual([
      { type: DONE, output: { proc: 'A', ok: true } },
      { type: DONE, output: { proc: 'A', ok: false } },
    ]);
    expect(source.dropped.size).toBe(2);
    // asked twice for the same snapshot: each dropped outcome counts once
    source.events(first);
    expect(source.dropped.size).toBe(2);
    expect(source.infeasible(first)).toEqual([
      { type: DONE, output: { proc: 'B', ok: true } },
      { type: DONE, output: { proc: 'B', ok: false } },
    ]);
    const [second] = transition(tryMachine, first, { type: DONE, output: { proc: 'A', ok: false } });
    expect(source.events(second).map((e) => (e.output as Reply).proc)).toEqual(['B', 'B']);
    expect(eventSource(tied, { feasibleOnly: false }).events(first)).toHaveLength(4);
  });

  it('generates only feasible paths and measures what the unfiltered generation produced', () => {
    const report = runMachine('try', tied);
    expect(isGreen(report)).toBe(true);
    expect(report.feasibility.infeasible).toEqual([]);
    expect(report.feasibility.droppedOutcomes).toBe(4);
    // unfiltered: B answering first (approved, or declined then anyone) and A answering second
    expect(report.feasibility.before).toBe(4);
    expect(report.lines.every((line) => !line.startsWith('start.done({"ok":true,"proc":"B"})'))).toBe(true);
    expect(report.lines).toContain('start.done({"ok":false,"proc":"A"}), start.done({"ok":true,"proc":"B"})  →  approved [done]');
    expect(formatTable([report]).split('\n')[2]).toBe('try      3      4/4 100%  3/3 100%     0           4       4        ok');
  });
});

describe('the independent check of each path', () => {
  const path = (...outputs: Reply[]): TestPath => {
    let state = first;
    const steps: TestPath['steps'] = [{ event: { type: 'xstate.init' }, state }];
    for (const output of outputs) {
      const event = { type: DONE, output };
      [state] = transition(tryMachine, state, event);
      steps.push({ event, state });
    }
    return { set: 'edge', input: undefined, steps };
  };

  it('passes a path where each processor answers for itself', () => {
    expect(infeasibleStep(tied, path({ proc: 'A', ok: false }, { proc: 'B', ok: true }))).toBeUndefined();
  });

  it('flags the step where another processor answers, from the case tied to the input', () => {
    const bad = path({ proc: 'A', ok: false }, { proc: 'A', ok: true });
    expect(infeasibleStep(tied, bad)).toEqual({ step: 2, message: expect.stringContaining('start started with {"processor":"B"} cannot end so') });
  });

  it('flags it from the feasible rule alone when the cases are not tied (a model without `when`)', () => {
    const loose: MachineModel = { ...tied, actors: { start: [reply('A', true), reply('A', false), reply('B', true), reply('B', false)] } };
    expect(infeasibleStep(loose, path({ proc: 'B', ok: true }))?.message).toMatch(/^step 1: start\.done\(.*\): start started with \{"processor":"A"\} cannot end so \(the model's feasibility rule for start\)$/);
    // and the run is not green: the generator offered every case, the check counts the paths
    const report = runMachine('try', loose);
    expect(report.feasibility.infeasible.length).toBeGreaterThan(0);
    expect(isGreen(report)).toBe(false);
    expect(formatTable([report])).toContain(`${report.feasibility.infeasible.length} infeasible`);
  });

  it('flags a `when` that ties a case to the wrong actor', () => {
    const wrong: MachineModel = { ...tied, actors: { start: [{ ...reply('B', true), when: from('A') }, { ...reply('A', false), when: from('A') }, { ...reply('B', false), when: from('B') }] } };
    const report = runMachine('try', wrong);
    expect(report.feasibility.infeasible[0]?.message).toMatch(/feasibility rule for start/);
    expect(isGreen(report)).toBe(false);
  });

  it('flags an outcome of an actor that is not running and one the model never gives', () => {
    const [done] = transition(tryMachine, first, { type: DONE, output: { proc: 'A', ok: true } });
    expect(outcomeProblem(tied, done, { type: DONE, output: { proc: 'A', ok: true } })).toMatch(/no actor "0\.try\.starting" is running/);
    expect(outcomeProblem(tied, first, { type: DONE, output: { proc: 'A', ok: 'maybe' } })).toMatch(/not an outcome the model gives start/);
    expect(outcomeProblem(tied, first, { type: 'go' })).toBeUndefined();
  });
});
