/**
 * The session flow keeps the current user and the settings object, loaded once and read
 * by key (spec 000 §3). Their shapes belong to the wire contract; the machine treats them
 * as plain JSON records so it stays free of src/ imports.
 */
export type UserRecord = Record<string, unknown> & { email: string };
export type SettingsRecord = Record<string, unknown>;

export interface SessionSnapshotData {
  user: UserRecord | null;
  settings: SettingsRecord;
}

export interface SessionContext {
  user: UserRecord | null;
  settings: SettingsRecord | null;
  /** how many user updates were broadcast (balance refreshes, spec 000 §4) */
  updates: number;
  failures: number;
}

export type SessionEvent =
  /** something changed the user on the server (a payment, an account switch): reload it */
  | { type: 'user.update' }
  | { type: 'session.retry' }
  /** the trader pressed log out */
  | { type: 'session.logout' }
  /** the embedded trading platform says its session is gone */
  | { type: 'platform.notAuth' };
