import { liveMachine } from './live.machine';
import type { MachineModel } from '../../machine-kit/types';

const from = { source: 'tab1', actorId: 'x:0', machineId: 'login' };

/** Live mode: the channel opens (or this browser has none), app pages report actors, the analyst selects, clears, pauses. */
export const explorerLiveModel: MachineModel = {
  machine: liveMachine,
  // the timeline's events are taken in every state, and an event that changes nothing still counts
  // as a step of the traversal's depth: 12 reaches every transition (6 did before the timeline)
  maxDepth: 12,
  events: {
    'live.select': [{ key: 'tab1/x:0' }, { key: 'tab9/x:9' }],
    // the first snapshot's moment (seq 1) once the channel said one; a seq no timeline has
    'live.moment': [{ seq: 1 }, { seq: 99 }],
    'live.load': [
      { session: { kind: 'brokerage-live-session', version: 1, actors: {}, order: [], timeline: [] } },
      { session: { kind: 'something else' } },
    ],
  },
  actors: {
    inspectChannel: [{ error: 'BroadcastChannel is not supported' }],
  },
  emitted: {
    inspectChannel: [
      { type: 'live.message', message: { ...from, kind: '@xstate.actor', name: 'login', parentId: null, page: '/en/login' } },
      { type: 'live.message', message: { ...from, kind: '@xstate.snapshot', value: 'success', status: 'done', event: 'xstate.done.actor.0.login.sessionLogin' } },
      { type: 'live.message', message: { kind: 'bye', source: 'tab1' } },
    ],
  },
};
