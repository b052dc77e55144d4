import { assign, fromPromise, setup } from 'xstate';
import { failureMsg } from '../../core/failure';
import { notProvided } from '../shared/not-provided';
import { twoFactorEntryMachine } from './entry.machine';
import type { RecoveryContext, RecoveryEvent, RecoveryStatus } from './two-factor.types';

/**
 * Recovery codes on the security page (issue 31 §4), while the authenticator is on: how many
 * unused codes are left, and new ones. New codes ask for the authenticator's code first (the
 * server wants a confirmed factor for the change); they replace the old ones and stay on screen,
 * once, until the trader says they are saved (and may save them as a file first); the count is
 * then read again.
 */
export const recoveryCodesMachine = setup({
  types: {} as { context: RecoveryContext; events: RecoveryEvent; children: { factor: 'twoFactorEntry' } },
  actors: {
    loadStatus: fromPromise<RecoveryStatus>(notProvided('loadStatus')),
    issueCodes: fromPromise<{ codes: string[] }>(notProvided('issueCodes')),
    twoFactorEntry: twoFactorEntryMachine,
  },
  actions: {
    /** app effect: the codes on screen saved as a .txt file made in the browser */
    saveCodes: (_, _params: { codes: string[] }) => {},
  },
}).createMachine({
  id: 'recoveryCodes',
  context: { left: null, createdAt: null, codes: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadStatus',
        onDone: { target: 'idle', actions: assign(({ event }) => ({ left: event.output.left, createdAt: event.output.createdAt })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'recovery.load_failed') })) },
      },
    },
    failed: {
      on: { 'status.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    idle: {
      on: { 'codes.renew': { target: 'confirming', actions: assign({ error: null }) } },
    },
    /** the authenticator's code first */
    confirming: {
      invoke: {
        id: 'factor',
        src: 'twoFactorEntry',
        input: { type: 'google' as const, purpose: 'change' as const },
        onDone: 'issuing',
      },
      on: { 'factor.cancel': 'idle' },
    },
    issuing: {
      invoke: {
        src: 'issueCodes',
        onDone: { target: 'showing', actions: assign(({ event }) => ({ codes: event.output.codes })) },
        onError: { target: 'idle', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'recovery.issue_failed') })) },
      },
    },
    /** the new codes, shown once */
    showing: {
      on: {
        'codes.download': { actions: { type: 'saveCodes', params: ({ context }) => ({ codes: context.codes }) } },
        'codes.saved': { target: 'loading', actions: assign({ codes: [] }) },
      },
    },
  },
});
