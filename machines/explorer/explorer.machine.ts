import { assign, fromPromise, setup } from 'xstate';
import { msg } from '../../core/message';
import type { CoverageReport, DiagramFailure, DiagramInfo, ExplorerContext, ExplorerEvent } from './explorer.types';

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`);
};

const isFailure = (error: unknown): error is DiagramFailure =>
  typeof error === 'object' && error !== null && 'kind' in error;

/**
 * The explorer page: one machine's diagram open at a time (its layout was computed at build
 * time, or is computed in the browser), and the coverage report the generated paths wrote.
 */
export const explorerMachine = setup({
  types: {} as { context: ExplorerContext; events: ExplorerEvent },
  actors: {
    /** the machine's model and layout → SVG */
    loadDiagram: fromPromise<DiagramInfo, { id: string }>(notProvided('loadDiagram')),
    /** docs/coverage/machines.json as the explorer was built with it */
    loadCoverage: fromPromise<CoverageReport>(notProvided('loadCoverage')),
  },
  guards: {
    isUnknownMachine: (_, error: unknown) => isFailure(error) && error.kind === 'unknown-machine',
  },
  actions: {
    choose: assign(({ event }) => (event.type === 'machine.open' ? { machineId: event.id, diagram: null, diagramError: null } : {})),
    forget: assign({ machineId: null, diagram: null, diagramError: null }),
  },
}).createMachine({
  id: 'explorer',
  context: { machineId: null, diagram: null, diagramError: null, coverage: null, coverageError: null },
  type: 'parallel',
  states: {
    diagram: {
      initial: 'none',
      on: {
        'machine.open': { target: '.loading', reenter: true, actions: 'choose' },
        'machine.close': { target: '.none', actions: 'forget' },
      },
      states: {
        none: {},
        loading: {
          invoke: {
            src: 'loadDiagram',
            input: ({ context }) => ({ id: context.machineId ?? '' }),
            onDone: { target: 'ready', actions: assign(({ event }) => ({ diagram: event.output })) },
            onError: [
              {
                guard: { type: 'isUnknownMachine', params: ({ event }: { event: { error: unknown } }) => event.error },
                target: 'failed',
                actions: assign(({ context }) => ({ diagramError: msg('explorer.unknown_machine', undefined, { id: context.machineId ?? '' }) })),
              },
              {
                target: 'failed',
                actions: assign(({ event }) => ({
                  diagramError: msg('explorer.diagram_failed', undefined, {
                    reason: isFailure(event.error) && event.error.kind === 'layout' ? event.error.message : String(event.error),
                  }),
                })),
              },
            ],
          },
        },
        ready: {},
        failed: {
          on: { 'diagram.retry': 'loading' },
        },
      },
    },
    coverage: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadCoverage',
            onDone: { target: 'ready', actions: assign(({ event }) => ({ coverage: event.output, coverageError: null })) },
            onError: { target: 'missing', actions: assign({ coverage: null, coverageError: msg('explorer.coverage_missing') }) },
          },
        },
        ready: {},
        missing: {
          on: { 'coverage.retry': 'loading' },
        },
      },
    },
  },
});
