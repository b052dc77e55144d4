import { useSelector } from '@xstate/react';
import { sessionActor } from '../shell/app.flow';
import { connectSession, type SessionApi } from './session.connect';

/** The session as the views use it: flags, the user and settings, the current account, handlers. */
export function useSession(): SessionApi {
  return connectSession(useSelector(sessionActor, (s) => s), sessionActor.send);
}

/** One fact of the session API: the view re-renders only when it changes (`useSessionPick((s) => s.sandbox)`). */
export function useSessionPick<T>(pick: (session: SessionApi) => T): T {
  return useSelector(sessionActor, (s) => pick(connectSession(s, sessionActor.send)));
}
