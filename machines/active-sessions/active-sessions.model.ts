import type { MachineModel } from '../../machine-kit/types';
import type { ActiveSession } from '../../core/contract/active-sessions';
import { activeSessionsMachine } from './active-sessions.machine';

const session = (ref: string, current = false): ActiveSession => ({
  ref,
  device: current ? 'Chrome on Linux' : 'Safari on iOS',
  ip: '203.0.113.7',
  signedInAt: '2026-11-30T20:00:00.000Z',
  lastSeenAt: '2026-11-30T21:00:00.000Z',
  current,
});
const HERE = session('aaaaaaaaaaaaaaaa', true);
const PHONE = session('bbbbbbbbbbbbbbbb');
const TABLET = session('cccccccccccccccc');

/**
 * Where the trader is signed in: the list read (three sessions) or not (and retried); the phone
 * ended, then every other; this session and an unknown reference are not sent; an end refused (it
 * had ended already) or lost.
 */
export const activeSessionsModel: MachineModel = {
  machine: activeSessionsMachine,
  events: {
    'sessions.end': [{ ref: PHONE.ref }, { ref: HERE.ref }, { ref: 'ffffffffffffffff' }],
    'sessions.endOthers': [{}],
  },
  actors: {
    loadSessions: [{ output: { sessions: [HERE, PHONE, TABLET] } }, { error: { kind: 'network' } }],
    endSession: [{ output: { sessions: [HERE, TABLET] } }, { error: { kind: 'http', status: 404, error: 'sessions.not_found', message: 'This session has already ended.' } }, { error: { kind: 'network' } }],
    endOthers: [{ output: { sessions: [HERE] } }, { error: { kind: 'network' } }],
  },
  maxDepth: 6,
};
