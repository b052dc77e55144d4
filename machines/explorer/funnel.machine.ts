import { assign, fromPromise, setup } from 'xstate';
import { funnelRangeError } from '../../core/funnel';
import { msg } from '../../core/message';
import type { FunnelContext, FunnelData, FunnelEvent, FunnelFilter, FunnelLoadInput } from './funnel.types';

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`);
};

/** the failure of a load as the view says it: the server's refusal key, or that it was not reached */
const failure = (error: unknown) =>
  typeof error === 'object' && error !== null && 'kind' in error && (error as { kind: string }).kind === 'http'
    ? msg((error as { error?: string }).error ?? 'explorer.funnel.failed', (error as { message?: string }).message)
    : msg('explorer.funnel.unreachable');

const filterOf = (event: FunnelEvent): FunnelFilter | null => (event.type === 'funnel.open' || event.type === 'funnel.filter' ? event.filter : null);

/**
 * The explorer's funnel (issue 34 §4): one machine's counted transitions in a range of days and a
 * segment, read from the server; for the card cascade also its payments and each processor's
 * declines by reason. A range the server would refuse is not asked (the one rule,
 * `funnelRangeError`); a failed read keeps the last answer on screen beside its error.
 */
export const funnelMachine = setup({
  types: {} as { context: FunnelContext; events: FunnelEvent },
  actors: {
    loadFunnel: fromPromise<FunnelData, FunnelLoadInput>(notProvided('loadFunnel')),
  },
  guards: {
    rangeWrong: ({ event }) => {
      const f = filterOf(event);
      return !!f && funnelRangeError(f.from, f.to) !== null;
    },
    sameMachine: ({ context, event }) => event.type === 'funnel.open' && event.machineId === context.machineId,
  },
  actions: {
    take: assign(({ context, event }) => ({
      machineId: event.type === 'funnel.open' ? event.machineId : context.machineId,
      filter: filterOf(event) ?? context.filter,
      rangeError: null,
    })),
    forgetData: assign({ data: null, error: null }),
    refuseRange: assign(({ context, event }) => {
      const f = filterOf(event) ?? context.filter;
      const wrong = funnelRangeError(f.from, f.to) ?? 'funnel.range_invalid';
      return { machineId: event.type === 'funnel.open' ? event.machineId : context.machineId, filter: f, rangeError: { field: wrong === 'funnel.range_long' ? ('to' as const) : ('from' as const), message: msg(wrong) } };
    }),
  },
}).createMachine({
  id: 'explorerFunnel',
  context: { machineId: null, filter: { from: '', to: '', country: '', lang: '', device: '', cohort: '' }, data: null, error: null, rangeError: null },
  initial: 'idle',
  on: {
    'funnel.open': [
      { guard: 'rangeWrong', target: '.invalid', actions: ['forgetData', 'refuseRange'] },
      // the same machine again (a new range): its last answer stays on screen while the new one comes
      { guard: 'sameMachine', target: '.loading', actions: 'take' },
      { target: '.loading', actions: ['forgetData', 'take'] },
    ],
    'funnel.close': { target: '.idle', actions: ['forgetData', assign({ machineId: null, rangeError: null })] },
  },
  states: {
    idle: {},
    loading: {
      on: {
        'funnel.filter': [
          { guard: 'rangeWrong', target: 'invalid', actions: 'refuseRange' },
          { target: 'loading', reenter: true, actions: 'take' },
        ],
      },
      invoke: {
        src: 'loadFunnel',
        input: ({ context }) => ({ machineId: context.machineId ?? '', filter: context.filter, cascade: context.machineId === 'cascade' }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ data: event.output, error: null })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: failure(event.error) })) },
      },
    },
    ready: {
      on: {
        'funnel.filter': [
          { guard: 'rangeWrong', target: 'invalid', actions: 'refuseRange' },
          { target: 'loading', actions: 'take' },
        ],
      },
    },
    failed: {
      on: {
        'funnel.retry': 'loading',
        'funnel.filter': [
          { guard: 'rangeWrong', target: 'invalid', actions: 'refuseRange' },
          { target: 'loading', actions: 'take' },
        ],
      },
    },
    /** the filter's range would be refused: said beside its field, nothing asked */
    invalid: {
      on: {
        'funnel.filter': [
          { guard: 'rangeWrong', target: 'invalid', reenter: true, actions: 'refuseRange' },
          { target: 'loading', actions: 'take' },
        ],
      },
    },
  },
});
