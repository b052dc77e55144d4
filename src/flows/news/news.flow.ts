import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { newsMachine } from '../../../machines/news/news.machine';
import { loadNews, loadNewsItem } from '../../api/news';
import { inspect } from '../shared/inspector';
import { connectNews, readingOf } from './news.connect';

export const newsFlow = newsMachine.provide({
  actors: {
    loadList: fromPromise(async ({ input }) => loadNews(input.lang)),
    loadItem: fromPromise(async ({ input }) => loadNewsItem(input.id, input.lang)),
  },
});

/** The news dialog's actor in the trader's language, connected. */
export function useNews(lang: 'en' | 'ru') {
  const actor = useActorRef(newsFlow, { input: { lang }, inspect });
  const snapshot = useSelector(actor, (s) => s);
  // the item read last: back in the list, its entry takes the focus again
  const [lastRead, setLastRead] = useState<string | null>(null);
  const reading = readingOf(snapshot);
  if (reading !== null && reading !== lastRead) setLastRead(reading);
  return connectNews(snapshot, actor.send, reading ?? lastRead);
}
