import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../../../machines/session/session.machine';
import type { CurrentUser, Settings } from '../../../core/contract';

/**
 * The session's plain selectors: small enough for the first chunk (the login page's budget);
 * connectSession (session-view.ts) builds the views' API from them in the pages' own chunks.
 */
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
export type SessionStatus = 'loading' | 'unavailable' | 'signedIn' | 'signedOut';

export const selectUser = (s: SessionSnapshot): CurrentUser | null => s.context.user;
export const selectSettings = (s: SessionSnapshot): Settings | null => s.context.settings;
/** `checking` (a failed load asking /readyz why) is still loading for the pages */
export const selectSessionStatus = (s: SessionSnapshot): SessionStatus =>
  s.matches('loading') || s.matches('checking') ? 'loading' : s.matches('unavailable') ? 'unavailable' : s.matches('signedIn') ? 'signedIn' : 'signedOut';
/** the server said it is still preparing its database while the session loads: "Starting up…", not "not reachable" */
export const selectServerStarting = (s: SessionSnapshot): boolean => s.context.starting && selectSessionStatus(s) === 'loading';
