import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { activeSessionsMachine } from '../../../machines/active-sessions/active-sessions.machine';
import { endOtherSessions, endSession, loadSessions } from '../../api/active-sessions';
import { inspect } from '../shared/inspector';
import { connectActiveSessions } from './active-sessions.connect';

export const activeSessionsFlow = activeSessionsMachine.provide({
  actors: {
    loadSessions: fromPromise(async () => loadSessions()),
    endSession: fromPromise(async ({ input }) => endSession(input.ref)),
    endOthers: fromPromise(async () => endOtherSessions()),
  },
});

/** Where the trader is signed in (issue 31 §2), for the security page. */
export function useActiveSessions() {
  const actor = useActorRef(activeSessionsFlow, { inspect });
  return connectActiveSessions(useSelector(actor, (s) => s), actor.send);
}
