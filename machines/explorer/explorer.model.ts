import { explorerMachine } from './explorer.machine';
import type { MachineModel } from '../../machine-kit/types';

const diagram = { id: 'login', svg: '<svg/>', source: 'build', layoutMs: 40, renderMs: 2, width: 400, height: 300 };
const coverage = {
  generatedAt: '2026-01-01T00:00:00.000Z',
  machines: { login: { paths: 3, pathSets: ['shortest'], ok: true, states: { total: 1, covered: ['login'], uncovered: [] }, transitions: { total: 0, covered: [], uncovered: [] } } },
};

/** The explorer page: a diagram that loads or fails, the coverage report that loads or is missing. */
export const explorerModel: MachineModel = {
  machine: explorerMachine,
  events: {
    'machine.open': [{ id: 'login' }],
  },
  actors: {
    loadDiagram: [
      { output: diagram },
      { error: { kind: 'unknown-machine', id: 'login' } },
      { error: { kind: 'layout', message: 'elkjs could not lay out machine login' } },
      { error: 'chunk failed to load' },
    ],
    loadCoverage: [{ output: coverage }, { error: 'no docs/coverage/machines.json' }],
  },
};
