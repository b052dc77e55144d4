import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { prefixDigits } from '../../../core/contract/register';
import { socialSignInMachine } from '../../../machines/social-sign-in/social-sign-in.machine';
import { loadSocialPending, socialRegister } from '../../api/social';
import { inspect } from '../shared/inspector';
import { currentLang, FIRST_PARAM, goTo } from '../shell/navigation';
import { countryOptions } from '../register/register.connect';
import { connectSocial } from './social-sign-in.connect';

/** The social sign-in's return bound to the server (docs/social-sign-in.md). */
export const socialSignInFlow = socialSignInMachine.provide({
  actors: {
    loadPending: fromPromise(async () => loadSocialPending()),
    register: fromPromise(async ({ input }) => {
      const v = input.values;
      const answer = await socialRegister({
        country: v.country,
        currency: v.currency,
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        phone_prefix: prefixDigits(v.phone_prefix),
        phone: v.phone,
        ...(v.country === 'US' && { state: v.state, usNotice: v.usNotice === 'yes' }),
        terms: v.terms === 'yes',
        lang: currentLang(),
      });
      return { url: answer.url };
    }),
  },
  actions: {
    goToAutologin: (_, params) => goTo(`${params.url}&${FIRST_PARAM}=1`),
  },
});

/** /{lang}/register?social=1: the actor, connected, with the country list. */
export function useSocialSignIn() {
  const actor = useActorRef(socialSignInFlow, { inspect });
  const lang = currentLang();
  const countries = useMemo(() => countryOptions(lang), [lang]);
  return { ...connectSocial(useSelector(actor, (s) => s), actor.send), countries, lang };
}
