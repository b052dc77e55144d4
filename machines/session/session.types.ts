import type { CurrentUser, Settings } from '../../core/contract';

/**
 * The session flow keeps the current user and the settings object, loaded once and read
 * by key (spec 000 §3). Their shapes are the wire contract's (core/contract, which machines may
 * import), so the flows read them typed, without casts.
 */
export type { CurrentUser, Settings };

export interface SessionSnapshotData {
  user: CurrentUser | null;
  settings: Settings;
}

export interface SessionContext {
  user: CurrentUser | null;
  settings: Settings | null;
  /** how many user updates were broadcast (balance refreshes, spec 000 §4) */
  updates: number;
  failures: number;
  /** the server said (GET /readyz) it is still preparing its database: the page says "starting up", not "not reachable" */
  starting: boolean;
}

/** what GET /readyz says: still migrating, or anything else (ready, or not ready for another reason) */
export type ServerState = 'starting' | 'ready';

export type SessionEvent =
  /** something changed the user on the server (a payment, an account switch): reload it */
  | { type: 'user.update' }
  | { type: 'session.retry' }
  /** the trader pressed log out */
  | { type: 'session.logout' }
  /** the embedded trading platform says its session is gone */
  | { type: 'platform.notAuth' };
