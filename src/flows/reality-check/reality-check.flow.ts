import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { realityCheckMachine } from '../../../machines/reality-check/reality-check.machine';
import type { AttentionRequest } from '../../../machines/attention/attention.types';
import { getRealityCheck } from '../../api/reality-check';
import { onAnswer, releaseAttention, requestAttention } from '../attention/attention.flow';
import { sessionActor } from '../shell/app.flow';
import { inspect } from '../shared/inspector';
import { onIntervalChanged } from './interval-news';
import { connectRealityCheck } from './reality-check.connect';

/** the page's clock (the machine never reads one; Playwright's page.clock moves it in the browser tests) */
const now = (): number => Date.now();

/** mandatory: nothing covers it, nothing promotional shows before it, and it waits while a money flow runs (docs/attention.md) */
export const REALITY_CHECK_REQUEST: AttentionRequest = { id: 'reality-check', kind: 'reality-check', priority: 'mandatory' };

export const realityCheckFlow = realityCheckMachine.provide({
  actors: {
    readCheck: fromPromise(async () => {
      const check = await getRealityCheck();
      return { check, now: now() };
    }),
  },
  actions: {
    // told to the arbiter just after this step (another actor's step never runs inside this one's actions), in order
    askAttention: () => queueMicrotask(() => requestAttention(REALITY_CHECK_REQUEST)),
    releaseAttention: () => queueMicrotask(() => releaseAttention(REALITY_CHECK_REQUEST.id)),
    openLimits: () => {
      window.location.hash = '#/show/limits';
    },
    // the header's Log out: the platform's session ended, then the sign-in page
    signOut: () => queueMicrotask(() => sessionActor.send({ type: 'session.logout' })),
  },
});

/**
 * The reality check of a signed-in trader's trading shell, mounted once (lazily, after the shell):
 * the arbiter's grant and a changed interval come in as events with the page's clock.
 */
export function useRealityCheck(lang = 'en') {
  const actor = useActorRef(realityCheckFlow, { inspect });
  useEffect(() => {
    const stopAnswer = onAnswer(REALITY_CHECK_REQUEST.id, { 'attention.granted': () => actor.send({ type: 'attention.granted', now: now() }) });
    const stopNews = onIntervalChanged((check) => actor.send({ type: 'interval.changed', check, now: now() }));
    return () => {
      stopAnswer();
      stopNews();
      // unmounted while due or shown: the arbiter is not kept waiting for it
      releaseAttention(REALITY_CHECK_REQUEST.id);
    };
  }, [actor]);
  return connectRealityCheck(useSelector(actor, (s) => s), actor.send, lang, now);
}
