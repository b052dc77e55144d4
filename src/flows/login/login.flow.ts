import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { loginMachine } from '../../../machines/login/login.machine';
import { platformLogin } from '../../api/platform';
import { loadAutologin, login, notifyLoginFail } from '../../api/session';
import { selectSettings, sessionActor, useSessionBasics } from '../shell/app.flow';
import { deviceFingerprint } from '../shared/fingerprint';
import { inspect } from '../shared/inspector';
import { connectLogin } from './login.connect';
import { pausedKind } from './paused';
import { CLOSED_PARAM, currentLang, ENDED_PARAM, goTo, PAUSED_PARAM, safeHash } from '../shell/navigation';
import { twoFactorEntryFlow } from '../two-factor/two-factor.flow';

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
        ...(input.withdrawOnly ? { withdrawOnly: true } : {}),
      });
      return { factor: answer.factor, passkey: answer.passkey === true };
    }),
    // a passkey in place of the code (sign-in only, issue 31 §5): its module, with the passkeys' calls and the WebAuthn library, loads on the click
    twoFactorEntry: twoFactorEntryFlow.provide({ actors: { checkPasskey: fromPromise(async () => (await import('../two-factor/passkey-factor')).confirmWithPasskey()) } }),
  },
  actions: {
    goToTrading: (_, params) => goTo(`/${currentLang()}/trading${safeHash(params.rd)}`),
    goToLogin: () => goTo(`/${currentLang()}/login?autologin=failed`),
    notifyLoginFail: (_, params) => {
      notifyLoginFail(params.email).catch(() => undefined);
    },
  },
});

/** The sign-in page's flow: the redirect (rd) from the address, and the trading page once signed in. */
export function useLogin() {
  const [query] = useState(() => new URLSearchParams(window.location.search));
  const rd = query.get('rd') ?? '';
  const actor = useActorRef(loginFlow, { input: { rd }, inspect });
  const login = connectLogin(useSelector(actor, (s) => s), actor.send);
  const session = useSessionBasics();
  const lang = currentLang();
  useEffect(() => {
    if (session.signedIn) goTo(`/${lang}/trading${safeHash(rd)}`);
  }, [session.signedIn, lang, rd]);
  return {
    ...login,
    /** back from an autologin that failed: say so until the trader's own try fails */
    autologinNotice: query.get('autologin') === 'failed' && !login.error,
    /** the session reached the trader's session-time limit (issue 30 §1): say so until a sign-in is tried */
    sessionLimitNotice: query.get(ENDED_PARAM) === 'limit' && !login.error,
    /** the trader said a new-device sign-in was not them (issue 31 §3): every session ended, a reset link emailed */
    notMeNotice: query.get(ENDED_PARAM) === 'not_me' && !login.error,
    /** the trader just closed their account (issue 30 §8): say so until a sign-in is tried */
    closedNotice: query.get(CLOSED_PARAM) === '1' && !login.error,
    /** the trader just took a break or excluded themselves (issue 30 §3): which, said until a sign-in is tried */
    pausedNotice: !login.error ? pausedKind(query.get(PAUSED_PARAM)) : null,
    /** back from a social sign-in that failed (spec 001 §8) */
    socialFailed: query.get('social') === 'failed' && !login.error,
    /** social sign-in is on: the provider's name for its button */
    socialName: session.socialName,
    /** the browser can use passkeys: "Sign in with a passkey" shows (issue 31 §5) */
    passkeys: 'PublicKeyCredential' in window,
    demo: session.demoLogin,
    sandboxEmail: session.sandbox ? login.email : undefined,
  };
}

export type LoginPageApi = ReturnType<typeof useLogin>;
