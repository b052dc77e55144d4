import { useSelector } from '@xstate/react';
import { sessionActor } from './app';
import { connectSession, type SessionApi, type SessionSnapshot } from './session-view';

/**
 * The session as the views use it: flags, the user and settings, the current account, handlers.
 * With `pick`, the view re-renders only when what it picked changes (`useSession((s) => s.sandbox)`).
 */
export function useSession(): SessionApi;
export function useSession<T>(pick: (session: SessionApi) => T): T;
export function useSession<T>(pick?: (session: SessionApi) => T): SessionApi | T {
  const picked = useSelector(sessionActor, (s) => (pick ? pick(connectSession(s, sessionActor.send)) : s));
  return pick ? (picked as T) : connectSession(picked as SessionSnapshot, sessionActor.send);
}
