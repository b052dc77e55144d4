import { useActorRef, useSelector } from '@xstate/react';
import { useSessionPick } from '../session/session.hooks';
import { connectAccounts } from './accounts.connect';
import { inspect } from '../shared/inspector';
import { accountsFlow } from '../security/security.flow';

/** The accounts flow of a view (the accounts page, an add-account button), with the session's user. */
export function useAccounts() {
  const user = useSessionPick((s) => s.user);
  const actor = useActorRef(accountsFlow, { inspect });
  return connectAccounts(useSelector(actor, (s) => s), actor.send, user);
}

export type AccountsApi = ReturnType<typeof useAccounts>;
