import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, setup } from 'xstate';
import type { FunnelStep } from '../../core/contract/funnel';
import { funnelSteps } from './funnel-steps';

/** The funnel's steps from inspection events: ids and how long the source was held, from a clock the test moves. */
describe('funnelSteps', () => {
  const run = () => {
    let now = 1000;
    const steps: FunnelStep[] = [];
    const machine = createMachine({
      id: 'door',
      initial: 'closed',
      states: {
        closed: { on: { open: 'open', knock: { actions: () => {} } } },
        open: {
          initial: 'wide',
          states: { wide: { on: { narrow: 'ajar' } }, ajar: {} },
          on: { close: 'closed' },
        },
      },
    });
    const actor = createActor(machine, { inspect: funnelSteps(() => now, (s) => steps.push(s)) }).start();
    const at = (ms: number) => (now = ms);
    return { actor, steps, at };
  };

  it('names each transition as the diagram does, with the time its source was held', () => {
    const { actor, steps, at } = run();
    at(3500);
    actor.send({ type: 'knock' });
    at(4000);
    actor.send({ type: 'open' });
    at(9000);
    actor.send({ type: 'narrow' });
    at(9500);
    actor.send({ type: 'close' });
    expect(steps).toEqual([
      // an action-only transition: no target, the source held since the start
      { machine: 'door', transition: 'door.closed:knock:0', from: 'door.closed', to: '', dwellMs: 2500 },
      { machine: 'door', transition: 'door.closed:open:0', from: 'door.closed', to: 'door.open', dwellMs: 3000 },
      // `door.open.wide` was entered with `door.open`
      { machine: 'door', transition: 'door.open.wide:narrow:0', from: 'door.open.wide', to: 'door.open.ajar', dwellMs: 5000 },
      { machine: 'door', transition: 'door.open:close:0', from: 'door.open', to: 'door.closed', dwellMs: 5500 },
    ]);
  });

  it('a state entered again starts its children’s time again', () => {
    const { actor, steps, at } = run();
    actor.send({ type: 'open' });
    at(2000);
    actor.send({ type: 'narrow' });
    actor.send({ type: 'close' });
    at(5000);
    actor.send({ type: 'open' });
    at(5200);
    actor.send({ type: 'narrow' });
    expect(steps.at(-1)).toMatchObject({ transition: 'door.open.wide:narrow:0', dwellMs: 200 });
  });

  it('promises and callbacks have no states: no steps; a machine invoked inside counts as its own', async () => {
    const steps: FunnelStep[] = [];
    const child = createMachine({ id: 'child', initial: 'a', states: { a: { on: { go: 'b' } }, b: { type: 'final' } } });
    const parent = setup({ actors: { child, work: fromPromise(async () => 1) } }).createMachine({
      id: 'parent',
      initial: 'working',
      states: { working: { invoke: { src: 'work', onDone: 'asking' } }, asking: { invoke: { id: 'c', src: 'child', onDone: 'done' } }, done: { type: 'final' } },
    });
    const actor = createActor(parent, { inspect: funnelSteps(() => 0, (s) => steps.push(s)) }).start();
    await new Promise((r) => setTimeout(r, 0));
    actor.getSnapshot().children.c!.send({ type: 'go' });
    expect(steps.map((s) => `${s.machine} ${s.transition}`)).toEqual([
      'parent parent.working:xstate.done.actor.0.parent.working:0',
      'child child.a:go:0',
      'parent parent.asking:xstate.done.actor.c:0',
    ]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('an initial `always` has its time too: the actor is counted from when it is made', () => {
    const steps: FunnelStep[] = [];
    let now = 100;
    const machine = createMachine({ id: 'gate', initial: 'boot', states: { boot: { always: 'open' }, open: {} } });
    createActor(machine, { inspect: funnelSteps(() => now, (s) => steps.push(s)) }).start();
    now = 200;
    expect(steps).toEqual([{ machine: 'gate', transition: 'gate.boot:always:0', from: 'gate.boot', to: 'gate.open', dwellMs: 0 }]);
  });
});
