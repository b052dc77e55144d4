import { liveMachine } from './live.machine';
import type { MachineModel } from '../../machine-kit/types';

const from = { source: 'tab1', actorId: 'x:0', machineId: 'login' };

/** Live mode: the channel opens (or this browser has none), app pages report actors, the analyst selects, clears, pauses. */
export const explorerLiveModel: MachineModel = {
  machine: liveMachine,
  maxDepth: 6,
  events: {
    'live.select': [{ key: 'tab1/x:0' }, { key: 'tab9/x:9' }],
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
