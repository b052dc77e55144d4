import { createMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { inventory } from './inventory';

describe('inventory', () => {
  it('lists every state node and every transition with a stable id', () => {
    const machine = createMachine({
      id: 'm',
      initial: 'a',
      on: { reset: '.a' },
      states: {
        a: {
          on: { go: [{ guard: () => false, target: 'b' }, { target: 'c' }], noop: {} },
          after: { 100: 'c' },
        },
        b: { always: 'c', initial: 'x', states: { x: { type: 'final' }, h: { type: 'history' } }, onDone: 'c' },
        c: { invoke: { id: 'job', src: 'job', onDone: 'a', onError: 'b' } },
      },
    });
    expect(inventory(machine)).toEqual({
      states: ['m', 'm.a', 'm.b', 'm.b.x', 'm.c'],
      transitions: [
        'm:reset:0',
        'm.a:go:0',
        'm.a:go:1',
        'm.a:xstate.after.100.m.a:0',
        'm.b:xstate.done.state.m.b:0',
        'm.b:always:0',
        'm.c:xstate.done.actor.job:0',
        'm.c:xstate.error.actor.job:0',
      ],
      inert: ['m.a:noop:0'],
    });
  });
});
