import { fromPromise } from 'xstate';
import { loginMachine } from '../../machines/login/login.machine';
import { platformLogin } from '../api/platform';
import { loadAutologin, login, notifyLoginFail } from '../api/session';
import { selectSettings, sessionActor } from './app';
import { deviceFingerprint } from './fingerprint';
import { currentLang, goTo, safeHash } from './navigation';
import { twoFactorEntryFlow } from './two-factor';

const platformBase = (): string => selectSettings(sessionActor.getSnapshot())?.platform ?? '/platform';

/** The login machine bound to the platform and the product server. */
export const loginFlow = loginMachine.provide({
  actors: {
    loadAutologin: fromPromise(async ({ input }) => {
      const values = await loadAutologin(input.key);
      return { email: values.email, password: values.password, redirect: values.redirect };
    }),
    platformLogin: fromPromise(async ({ input }) => {
      const answer = await platformLogin(platformBase(), input.email, input.password);
      return { success: answer.success, token: answer.data?.token, message: answer.message, code: answer.code };
    }),
    sessionLogin: fromPromise(async ({ input }) => {
      const answer = await login({
        email: input.email,
        password: input.password,
        token: input.token,
        captcha: await deviceFingerprint(),
        url: window.location.href.slice(0, 2000),
      });
      return { factor: answer.factor };
    }),
    twoFactorEntry: twoFactorEntryFlow,
  },
  actions: {
    goToTrading: (_, params) => goTo(`/${currentLang()}/trading${safeHash(params.rd)}`),
    goToLogin: () => goTo(`/${currentLang()}/login?autologin=failed`),
    notifyLoginFail: (_, params) => {
      notifyLoginFail(params.email).catch(() => undefined);
    },
  },
});
