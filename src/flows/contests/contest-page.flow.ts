import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { contestPageMachine } from '../../../machines/contest-page/contest-page.machine';
import type { ContestLists } from '../../../machines/contest-page/contest-page.types';
import { currentContests, lastContests } from '../../api/contests';
import { connectContestPage } from './contest-page.connect';
import { inspect } from '../shared/inspector';
import { onServerEvent } from '../../api/events';

export const contestPageFlow = contestPageMachine.provide({
  actors: {
    load: fromPromise<ContestLists>(async () => {
      const [current, last] = await Promise.all([currentContests(), lastContests()]);
      return { current, last };
    }),
  },
});

/** #/show/contest[/last]: the page's actor; a contest prize notification (a contest closed) reads the lists again. */
export function useContestPage(tab: 'first' | 'last') {
  const actor = useActorRef(contestPageFlow, { input: { tab }, inspect });
  const snapshot = useSelector(actor, (s) => s);
  useEffect(
    () =>
      onServerEvent((event) => {
        if (event.type === 'notification.new' && event.kind === 'contest.prize') actor.send({ type: 'refresh' });
      }),
    [actor],
  );
  return connectContestPage(snapshot, actor.send);
}
