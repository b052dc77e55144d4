import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useSessionBasics } from '../shell/app.flow';
import { inspect } from '../shared/inspector';
import { loginFlow } from './login.flow';
import { connectLogin } from './login.connect';
import { currentLang, FIRST_PARAM, goTo, hasFirst, safeHash } from '../shell/navigation';

// its own module, so the login page's chunk does not carry the autologin page's hook
/** The trading page an autologin opens: `first` passed on from the autologin address (registration adds it). */
export function tradingAfterAutologin(lang: string, rd: string, first: boolean): string {
  return `/${lang}/trading${first ? `?${FIRST_PARAM}=1` : ''}${safeHash(rd)}`;
}

/** The autologin page's flow: the one-time key from the address; `first` (from registration) goes on to the trading page. */
export function useAutologin() {
  const [key] = useState(() => new URLSearchParams(window.location.search).get('key') ?? '');
  const [flow] = useState(() => {
    const first = hasFirst(window.location.search);
    return loginFlow.provide({ actions: { goToTrading: (_, params) => goTo(tradingAfterAutologin(currentLang(), params.rd, first)) } });
  });
  const actor = useActorRef(flow, { input: { autologinKey: key || 'missing' }, inspect });
  const login = connectLogin(useSelector(actor, (s) => s), actor.send);
  const session = useSessionBasics();
  return { ...login, sandboxEmail: session.sandbox ? login.email : undefined };
}
