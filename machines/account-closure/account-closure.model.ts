import type { ClosureStatus } from '../../core/contract/closure';
import type { MachineModel } from '../../machine-kit/types';
import { accountClosureMachine } from './account-closure.machine';

const http = (status: number, error: string, message = '', fields?: Record<string, string>) => ({ kind: 'http', status, error, message, ...(fields && { fields }) });

/** the moment the model's account is closed */
export const CLOSED_AT = '2026-12-01T10:00:00.000Z';

/** Nothing stops the closure. */
export const clearStatus = (): ClosureStatus => ({ blockers: [] });

/** Money to withdraw, a withdrawal waiting to be paid and two deposits under way. */
export const blockedStatus = (): ClosureStatus => ({
  blockers: [
    { kind: 'balance', amount: '120.00', currency: 'USD', count: 1 },
    { kind: 'pending_withdrawal', amount: '50.00', currency: 'USD', count: 1 },
    { kind: 'pending_deposit', amount: '300.00', currency: 'USD', count: 2 },
  ],
});

/**
 * Closing the account: the status read (nothing stops it, something does, or it could not be
 * read and is retried; "Check again"); the form filled (a reason, "other" with or without words,
 * the words) and refused by its own checks (no reason, no password, "other" without words); the
 * confirmation kept or confirmed; closed, or refused: a wrong password (marked), too many tries,
 * a lost connection, something that appeared meanwhile (the status read again).
 */
export const accountClosureModel: MachineModel = {
  machine: accountClosureMachine,
  events: {
    'field.change': [
      { field: 'reason', value: 'costs' },
      { field: 'reason', value: 'other' },
      { field: 'text', value: 'The fees are too high for me.' },
    ],
    'closure.submit': [{ password: 'Sandbox-1234abcd1' }, { password: '' }],
  },
  actors: {
    loadStatus: [{ output: clearStatus() }, { output: blockedStatus() }, { error: { kind: 'network' } }],
    closeAccount: [
      { output: { closed: true, closed_at: CLOSED_AT } },
      { error: http(401, 'closure.password', 'The password is not right.', { password: 'closure.password' }) },
      { error: http(409, 'closure.blocked', 'Something is still to be settled: see the list.') },
      { error: http(429, 'login.locked', 'Too many failed attempts. Try again in 15 minutes.') },
      { error: { kind: 'network' } },
    ],
  },
  maxDepth: 8,
};
