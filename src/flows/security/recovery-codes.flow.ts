import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { recoveryCodesMachine } from '../../../machines/two-factor/recovery.machine';
import { issueRecoveryCodes, loadRecoveryStatus } from '../../api/recovery-codes';
import { inspect } from '../shared/inspector';
import { twoFactorEntryFlow } from '../two-factor/two-factor.flow';
import { connectRecoveryCodes } from './recovery-codes.connect';
import { saveRecoveryCodes } from './recovery-file';

export const recoveryCodesFlow = recoveryCodesMachine.provide({
  actors: {
    loadStatus: fromPromise(() => loadRecoveryStatus()),
    issueCodes: fromPromise(() => issueRecoveryCodes()),
    twoFactorEntry: twoFactorEntryFlow,
  },
  actions: { saveCodes: (_, { codes }) => saveRecoveryCodes(codes) },
});

/** The recovery codes section of the security page (while the authenticator is on). */
export function useRecoveryCodes() {
  const actor = useActorRef(recoveryCodesFlow, { inspect });
  return connectRecoveryCodes(useSelector(actor, (s) => s), actor.send);
}
