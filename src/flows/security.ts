import { fromPromise } from 'xstate';
import { accountsMachine } from '../../machines/accounts/accounts.machine';
import { passwordChangeMachine } from '../../machines/security/password.machine';
import { twoFactorChoiceMachine } from '../../machines/two-factor/choice.machine';
import { validationMachine } from '../../machines/validation/validation.machine';
import { createAccount, setAccount, setExchangeAccount } from '../api/accounts';
import { attemptValidation, changePassword } from '../api/security';
import { setFactor } from '../api/two-factor';
import { sessionActor, showToast } from './app';
import { twoFactorEntryFlow } from './two-factor';

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
    setFactor: fromPromise(async ({ input }) => setFactor(input.type, input.state)),
    twoFactorEntry: twoFactorEntryFlow,
  },
  actions: {
    notify: (_, params) => showToast(params.text, params.kind),
    factorSaved: reloadUser,
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
