import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { accountsMachine } from '../../../machines/accounts/accounts.machine';
import { passwordChangeMachine } from '../../../machines/security/password.machine';
import { twoFactorChoiceMachine } from '../../../machines/two-factor/choice.machine';
import { validationMachine } from '../../../machines/validation/validation.machine';
import { createAccount, setAccount, setExchangeAccount } from '../../api/accounts';
import { attemptValidation, changePassword } from '../../api/security';
import { setFactor } from '../../api/two-factor';
import { sessionActor, showToast } from '../shell/app.flow';
import { useSession, useSessionPick } from '../session/session.hooks';
import { inspect } from '../shared/inspector';
import { connectFactorChoice, connectPassword, connectValidation } from './security.connect';
import { twoFactorEntryFlow } from '../two-factor/two-factor.flow';
import { saveRecoveryCodes } from './recovery-file';

const reloadUser = () => sessionActor.send({ type: 'user.update' });

/** The "google" value a social sign-in may have stored in the browser (spec 002 §3), else ''. */
export function storedGoogleValue(): string {
  try {
    return window.localStorage.getItem('google') ?? '';
  } catch {
    return '';
  }
}

export const passwordFlow = passwordChangeMachine.provide({
  actors: { changePassword: fromPromise(async ({ input }) => changePassword(input)) },
  actions: { notify: (_, params) => showToast(params.text, 'success') },
});

export const twoFactorChoiceFlow = twoFactorChoiceMachine.provide({
  actors: {
    setFactor: fromPromise(async ({ input }) => setFactor(input.type, input.state, input.endOthers)),
    twoFactorEntry: twoFactorEntryFlow,
  },
  actions: {
    notify: (_, params) => showToast(params.text, params.kind),
    factorSaved: reloadUser,
    saveCodes: (_, { codes }) => saveRecoveryCodes(codes),
  },
});

export const validationFlow = validationMachine.provide({
  actors: { attemptValidation: fromPromise(async ({ input }) => attemptValidation(input.value)) },
  actions: {
    validated: reloadUser,
    goHome: () => {
      window.location.hash = '#/home';
    },
  },
});

export const accountsFlow = accountsMachine.provide({
  actors: {
    setAccount: fromPromise(async ({ input }) => setAccount(input.accountId)),
    setExchangeAccount: fromPromise<unknown>(async () => setExchangeAccount()),
    createAccount: fromPromise(async ({ input }) => createAccount(input.currency)),
  },
  actions: {
    notify: (_, params) => showToast(params.text, params.kind),
    accountsChanged: reloadUser,
  },
});

/** The password change of the security page, for the signed-in trader (its login checks the new password). */
export function usePasswordChange() {
  const email = useSessionPick((s) => s.user?.email ?? '');
  const actor = useActorRef(passwordFlow, { input: { storedGoogle: storedGoogleValue(), login: email }, inspect });
  return connectPassword(useSelector(actor, (s) => s), actor.send);
}

/** The two-factor method choice, following the user's method when it changes elsewhere (another tab, a push). */
export function useFactorChoice() {
  const session = useSession();
  const fromUser = session.user?.two_factor ?? '';
  const actor = useActorRef(twoFactorChoiceFlow, { input: { current: fromUser }, inspect });
  useEffect(() => {
    actor.send({ type: 'method.sync', current: fromUser });
  }, [actor, fromUser]);
  const choice = connectFactorChoice(useSelector(actor, (s) => s), actor.send);
  return { ...choice, sandboxEmail: session.sandbox ? session.user?.email : undefined };
}

/** The key of the validation page: a validation finished elsewhere (another tab, a reload in flight) starts it again. */
export function useValidationKey(): string {
  return String(useSessionPick((s) => s.user?.tr_success ?? false));
}

/** The validation form (#/sw/validate), started from the user's validation state and attempts. */
export function useValidation() {
  const session = useSession();
  const user = session.user;
  const actor = useActorRef(validationFlow, { input: { success: user?.tr_success ?? false, attempts: user?.tr_attemps ?? 0 }, inspect });
  const validation = connectValidation(useSelector(actor, (s) => s), actor.send);
  return {
    ...validation,
    /** sandbox only: where testers read the emailed value */
    sandboxOutbox: session.sandbox && user ? `/api/sandbox/outbox?format=text&email=${encodeURIComponent(user.email)}` : null,
  };
}
