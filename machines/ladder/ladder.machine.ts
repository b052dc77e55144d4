import { assign, fromPromise, setup } from 'xstate';
import type { Ladder } from '../../core/contract/ladder';
import { failureMsg } from '../../core/failure';
import { notProvided } from '../shared/not-provided';
import type { LadderContext, LadderEvent } from './ladder.types';

/**
 * The ladder (spec 001 §2 modal "ladder", §7 /api/us/ladder): the trader's place in the
 * running weekly contest loads (loading), is shown, and can be read again (refresh); a failure says
 * why with a retry.
 */
export const ladderMachine = setup({
  types: {} as { context: LadderContext; events: LadderEvent },
  actors: {
    load: fromPromise<Ladder>(notProvided('load')),
  },
}).createMachine({
  id: 'ladder',
  context: { ladder: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'shown', actions: assign(({ event }) => ({ ladder: event.output, error: null })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'ladder.failed') })) },
      },
    },
    shown: { on: { 'ladder.refresh': 'loading' } },
    failed: { on: { 'ladder.retry': 'loading' } },
  },
});
