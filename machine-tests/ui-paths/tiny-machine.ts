import { fromPromise, setup } from 'xstate';

/**
 * The runner's own tests' machine (select.test.ts, report.test.ts):
 * idle --go--> loading (load: done → done, error → idle); idle --rest--> resting --after pause--> idle.
 */
export const tiny = setup({
  actors: { load: fromPromise<number, void>(async () => 1) },
  delays: { pause: 1_000 },
}).createMachine({
  id: 'tiny',
  initial: 'idle',
  states: {
    idle: { on: { go: 'loading', rest: 'resting' } },
    loading: { invoke: { src: 'load', onDone: 'done', onError: 'idle' } },
    resting: { after: { pause: 'idle' } },
    done: { type: 'final' },
  },
});

/** transition keys of `tiny`, as the inventory writes them */
export const TINY = {
  go: 'tiny.idle:go:0',
  rest: 'tiny.idle:rest:0',
  pause: 'tiny.resting:xstate.after.pause.tiny.resting:0',
  done: 'tiny.loading:xstate.done.actor.0.tiny.loading:0',
  error: 'tiny.loading:xstate.error.actor.0.tiny.loading:0',
} as const;
