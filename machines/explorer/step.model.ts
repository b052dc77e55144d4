import { stepMachine } from './step.machine';
import type { MachineModel } from '../../machine-kit/types';

const submit = { type: 'login.submit', email: 'trader@example.com', password: 'Trader-2026' };
const view = (value: string, status: string) => ({
  value,
  status,
  context: { email: '' },
  active: ['login', `login.${value}`],
  taken: [],
  enabled: status === 'active' ? [{ event: submit, label: 'login.submit(…)', kind: 'event' }] : [],
  now: 0,
});

/** Step mode: start, engine ready or broken, send, stepped or refused, finished; back, reset, stop. */
export const explorerStepModel: MachineModel = {
  machine: stepMachine,
  // the history grows with every step; the bound keeps it short (the traversal is depth first,
  // so a state first met deep down needs some slack to be expanded)
  maxDepth: 8,
  events: {
    'step.start': [{ machineId: 'login', inputIndex: 0 }],
    'step.send': [{ event: submit, label: 'login.submit(…)' }],
  },
  emitted: {
    stepEngine: [
      { type: 'engine.ready', view: view('editing', 'active') },
      { type: 'engine.ready', view: view('success', 'done') },
      { type: 'engine.stepped', view: view('platformLogin', 'active') },
      { type: 'engine.stepped', view: view('success', 'done') },
      { type: 'engine.failed', message: 'no running actor "0.login.platformLogin" to finish' },
    ],
  },
};
