import { assign, fromCallback, sendTo, setup } from 'xstate';
import { msg } from '../../core/message';
import type { EngineCommand, EngineInput, StepContext, StepEvent } from './step.types';

/**
 * Step mode: an analyst runs one machine on fake actors and a simulated clock, one clicked event
 * at a time. The engine (provided by src/explorer) owns the running actor; this machine owns the
 * history, so back and reset restart the engine and replay the history without the last event.
 */
export const stepMachine = setup({
  types: {} as { context: StepContext; events: StepEvent },
  actors: {
    stepEngine: fromCallback<EngineCommand, EngineInput>(() => {
      throw new Error('stepEngine not provided');
    }),
  },
  guards: {
    hasHistory: ({ context }) => context.history.length > 0,
    /** the stepped machine reached a final state (or stopped): nothing more to send */
    isSettled: ({ event }) => (event.type === 'engine.ready' || event.type === 'engine.stepped') && event.view.status !== 'active',
  },
  actions: {
    begin: assign(({ event }) =>
      event.type === 'step.start'
        ? { machineId: event.machineId, inputIndex: event.inputIndex, history: [], pending: null, view: null, error: null }
        : {},
    ),
    show: assign(({ event }) => (event.type === 'engine.ready' || event.type === 'engine.stepped' ? { view: event.view, error: null } : {})),
    hold: assign(({ event }) => (event.type === 'step.send' ? { pending: { event: event.event, label: event.label, ...(event.force ? { forced: true } : {}) } } : {})),
    forward: sendTo('engine', ({ event }) => ({ type: 'engine.send', event: event.type === 'step.send' ? event.event : { type: '' }, force: event.type === 'step.send' && event.force === true })),
    commit: assign(({ context }) => ({ history: context.pending ? [...context.history, context.pending] : context.history, pending: null })),
    fail: assign(({ event }) => ({
      pending: null,
      error: msg('explorer.step_failed', undefined, { reason: event.type === 'engine.failed' ? event.message : '' }),
    })),
    dropLast: assign(({ context }) => ({ history: context.history.slice(0, -1), pending: null, error: null })),
    clearHistory: assign({ history: [], pending: null, error: null }),
    forget: assign({ machineId: null, history: [], pending: null, view: null, error: null }),
  },
}).createMachine({
  id: 'explorerStep',
  context: { machineId: null, inputIndex: 0, history: [], pending: null, view: null, error: null },
  initial: 'idle',
  on: {
    'step.start': { target: '.running', reenter: true, actions: 'begin' },
  },
  states: {
    idle: {},
    running: {
      invoke: {
        id: 'engine',
        src: 'stepEngine',
        input: ({ context }) => ({
          machineId: context.machineId ?? '',
          inputIndex: context.inputIndex,
          events: context.history.map((h) => h.event),
          forced: context.history.map((h) => h.forced === true),
        }),
      },
      on: {
        'step.back': { guard: 'hasHistory', target: 'running', reenter: true, actions: 'dropLast' },
        'step.reset': { target: 'running', reenter: true, actions: 'clearHistory' },
        'step.stop': { target: 'idle', actions: 'forget' },
      },
      initial: 'starting',
      states: {
        starting: {
          on: {
            'engine.ready': [
              { guard: 'isSettled', target: 'finished', actions: 'show' },
              { target: 'ready', actions: 'show' },
            ],
            'engine.failed': { target: 'broken', actions: 'fail' },
          },
        },
        ready: {
          on: { 'step.send': { target: 'busy', actions: ['hold', 'forward'] } },
        },
        busy: {
          on: {
            'engine.stepped': [
              { guard: 'isSettled', target: 'finished', actions: ['commit', 'show'] },
              { target: 'ready', actions: ['commit', 'show'] },
            ],
            'engine.failed': { target: 'ready', actions: 'fail' },
          },
        },
        /** the stepped machine is done: back or reset */
        finished: {},
        /** the engine could not start or replay: back, reset or stop */
        broken: {},
      },
    },
  },
});
