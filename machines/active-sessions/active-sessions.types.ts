import type { ActiveSession, ActiveSessions } from '../../core/contract/active-sessions';
import type { Msg } from '../../core/message';

export interface ActiveSessionsContext {
  /** the trader's live sessions, this one first (as the server said) */
  sessions: ActiveSession[];
  /** what is being ended: a session's reference, 'others', or null */
  ending: string | null;
  /** the list could not be read, or an end failed */
  error: Msg | null;
  /** each answer to an end (ended or failed): its message takes the focus once */
  answers: number;
}

export type ActiveSessionsEvent =
  | { type: 'retry' }
  /** end one other session by its reference */
  | { type: 'sessions.end'; ref: string }
  /** end every session but this one */
  | { type: 'sessions.endOthers' };

export type { ActiveSession, ActiveSessions };
