import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { newsMachine } from '../../../machines/news/news.machine';
import { loadNews, loadNewsItem } from '../../api/news';
import { inspect } from '../shared/inspector';
import { connectNews } from './news.connect';

export const newsFlow = newsMachine.provide({
  actors: {
    loadList: fromPromise(async ({ input }) => loadNews(input.lang)),
    loadItem: fromPromise(async ({ input }) => loadNewsItem(input.id, input.lang)),
  },
});

/** The news dialog's actor in the trader's language, connected. */
export function useNews(lang: 'en' | 'ru') {
  const actor = useActorRef(newsFlow, { input: { lang }, inspect });
  return connectNews(useSelector(actor, (s) => s), actor.send);
}
