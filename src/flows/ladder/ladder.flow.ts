import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { ladderMachine } from '../../../machines/ladder/ladder.machine';
import { getLadder } from '../../api/iq';
import { inspect } from '../shared/inspector';
import { connectLadder } from './ladder.connect';

export const ladderFlow = ladderMachine.provide({ actors: { load: fromPromise(async () => getLadder()) } });

/** The ladder dialog's actor, connected. */
export function useLadder() {
  const actor = useActorRef(ladderFlow, { inspect });
  return connectLadder(useSelector(actor, (s) => s), actor.send);
}
