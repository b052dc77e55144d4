import type { ActiveSessions } from '../../core/contract/active-sessions';
import { call } from './http';
import { contractOf } from './contracts';

const activeSessionsContract = () => import('../../core/contract/active-sessions');

/** GET /api/security/sessions: the trader's live sessions (issue 31 §2) */
export const loadSessions = (): Promise<ActiveSessions> => call(contractOf(activeSessionsContract, 'ActiveSessions'), '/api/security/sessions', { cache: 'no-store' });

/** POST /api/security/sessions/end: one other session ended; the list after it */
export const endSession = (ref: string): Promise<ActiveSessions> => call(contractOf(activeSessionsContract, 'ActiveSessions'), '/api/security/sessions/end', { method: 'POST', json: { ref } });

/** POST /api/security/sessions/end_others: every other session ended; the list after it */
export const endOtherSessions = (): Promise<ActiveSessions> => call(contractOf(activeSessionsContract, 'ActiveSessions'), '/api/security/sessions/end_others', { method: 'POST' });
