import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useSessionBasics } from './app';
import { inspect } from './inspector';
import { loginFlow } from './login';
import { connectLogin } from './login-view';

// its own module, so the login page's chunk does not carry the autologin page's hook
/** The autologin page's flow: the one-time key from the address. */
export function useAutologin() {
  const [key] = useState(() => new URLSearchParams(window.location.search).get('key') ?? '');
  const actor = useActorRef(loginFlow, { input: { autologinKey: key || 'missing' }, inspect });
  const login = connectLogin(useSelector(actor, (s) => s), actor.send);
  const session = useSessionBasics();
  return { ...login, sandboxEmail: session.sandbox ? login.email : undefined };
}
