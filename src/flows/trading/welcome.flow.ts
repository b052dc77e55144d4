import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { welcomeMachine } from '../../../machines/welcome/welcome.machine';
import { useAttention } from '../attention/attention.flow';
import { inspect } from '../shared/inspector';

const WELCOME_ATTENTION = { id: 'welcome', kind: 'welcome', priority: 'promotional' } as const;
import { goTo, hasFirst } from '../shell/navigation';
import { selectUser, sessionActor } from '../shell/app.flow';
import { blockFacts } from './block-facts';
import { connectWelcome, seenKey, withoutFirst } from './welcome.connect';

function seenBefore(userId: string): boolean {
  try {
    return localStorage.getItem(seenKey(userId)) === '1';
  } catch {
    return false;
  }
}

/** The welcome bound to the browser: remembered per user in localStorage, `first` replaced out of the address. */
export const welcomeFlow = welcomeMachine.provide({
  actions: {
    remember: (_, params) => {
      try {
        localStorage.setItem(seenKey(params.userId), '1');
      } catch {
        // storage refused (private mode): the address losing `first` still keeps it from showing again
      }
      if (hasFirst(window.location.search)) window.history.replaceState(window.history.state, '', withoutFirst(window.location.href));
    },
    goToFunding: () => goTo('#/show/funding'),
  },
});

/**
 * The first visit's welcome over #/home (the trading page opened with `first`, after
 * registration): the trader's first name, Deposit and Start trading, following the user as it
 * changes (a deposit hides Deposit; the trading block makes it wait).
 */
export function useWelcome() {
  const user = useSelector(sessionActor, selectUser);
  const [input] = useState(() => ({
    userId: user?.userId ?? '',
    first: user !== null && hasFirst(window.location.search),
    seen: user !== null && seenBefore(user.userId),
    facts: user ? blockFacts(user) : { verified: false, deposited: false, last_count: 0, signed: false },
  }));
  const actor = useActorRef(welcomeFlow, { input, inspect });
  const welcome = connectWelcome(useSelector(actor, (s) => s), actor.send);
  useEffect(() => {
    // a welcome that has closed (or never applied) has nothing to follow
    if (user && actor.getSnapshot().status === 'active') actor.send({ type: 'user.changed', facts: blockFacts(user) });
  }, [actor, user]);
  // a promotion: shown only when the attention arbiter grants it (after any mandatory step, never during a money flow)
  const granted = useAttention(WELCOME_ATTENTION, welcome.shown && user !== null);
  return { ...welcome, shown: granted, firstName: user?.firstName ?? '' };
}
