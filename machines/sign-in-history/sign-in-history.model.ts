import type { MachineModel } from '../../machine-kit/types';
import type { SignInEvent } from '../../core/contract/sign-in-history';
import { signInHistoryMachine } from './sign-in-history.machine';

const sign = (id: string, newDevice = false): SignInEvent => ({
  id,
  at: '2026-11-30T20:00:00.000Z',
  method: 'password',
  outcome: 'signed_in',
  ip: '203.0.113.7',
  device: 'Chrome on Linux',
  country: 'CY',
  newDevice,
});
const NEW = sign('12', true);
const OLD = sign('11');

/**
 * The sign-in history: read (a page with more after it, or the last) or not (and retried); the
 * next page read or lost; "this wasn't me" for the new-device sign-in (secured or cancelled), not
 * for an ordinary one or an unknown id.
 */
export const signInHistoryModel: MachineModel = {
  machine: signInHistoryMachine,
  events: {
    'history.more': [{}],
    'history.notMe': [{ event: NEW.id }, { event: OLD.id }, { event: '999' }],
  },
  actors: {
    loadPage: [{ output: { events: [NEW, OLD], next: '11' } }, { output: { events: [sign('10')], next: null } }, { error: { kind: 'network' } }],
    notMe: [{ output: { secured: true } }, { output: { secured: false } }],
  },
  maxDepth: 6,
};
