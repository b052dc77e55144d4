import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import type { AttentionRequest } from '../../../machines/attention/attention.types';
import { termsAcceptanceMachine } from '../../../machines/terms-acceptance/terms-acceptance.machine';
import { acceptLegal, getLegalStatus } from '../../api/legal';
import { onAnswer, releaseAttention, requestAttention } from '../attention/attention.flow';
import { inspect } from '../shared/inspector';
import { currentLang } from '../shell/navigation';
import { onTermsAccepted, termsAccepted } from './accepted-news';
import { connectTerms } from './terms.connect';

/** mandatory: nothing promotional shows before it, and it waits while a money flow runs (docs/attention.md) */
export const TERMS_REQUEST: AttentionRequest = { id: 'terms', kind: 'terms', priority: 'mandatory' };

export const termsFlow = termsAcceptanceMachine.provide({
  actors: {
    readStatus: fromPromise(() => getLegalStatus()),
    accept: fromPromise(({ input }) => acceptLegal({ accepted: input.accepted, lang: currentLang() === 'ru' ? 'ru' : 'en' })),
  },
  actions: {
    // told to the arbiter just after this step (another actor's step never runs inside this one's actions)
    askAttention: () => queueMicrotask(() => requestAttention(TERMS_REQUEST)),
    releaseAttention: () => queueMicrotask(() => releaseAttention(TERMS_REQUEST.id)),
    announceAccepted: () => queueMicrotask(termsAccepted),
  },
});

/**
 * The documents asked again: the dialog of the trading shell (`page` false: through the arbiter,
 * mounted once for a signed-in trader) or the Documents page (#/show/terms: at once). Documents
 * accepted elsewhere on the page make a put-off dialog read again.
 */
export function useTermsAcceptance({ page = false }: { page?: boolean } = {}) {
  const [input] = useState(() => ({ page }));
  const actor = useActorRef(termsFlow, { input, inspect });
  useEffect(() => {
    const stopNews = onTermsAccepted(() => actor.send({ type: 'recheck' }));
    if (page) return stopNews;
    const stopAnswer = onAnswer(TERMS_REQUEST.id, { 'attention.granted': () => actor.send({ type: 'attention.granted' }) });
    return () => {
      stopNews();
      stopAnswer();
      // unmounted while asking or shown: the arbiter is not kept waiting for it
      releaseAttention(TERMS_REQUEST.id);
    };
  }, [actor, page]);
  return connectTerms(useSelector(actor, (s) => s), actor.send);
}
