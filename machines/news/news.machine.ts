import { assign, fromPromise, setup } from 'xstate';
import type { NewsBody, NewsList } from '../../core/contract/news';
import { failureMsg } from '../../core/failure';
import { notProvided } from '../shared/not-provided';
import type { NewsContext, NewsEvent, NewsInput } from './news.types';

/**
 * News and analysis (spec 001 §7 /api/news/rss, /api/news/html): the list loads, the
 * trader reads one item and goes back; a failure of either says why, with a retry of what failed.
 */
export const newsMachine = setup({
  types: {} as { context: NewsContext; events: NewsEvent; input: NewsInput },
  actors: {
    loadList: fromPromise<NewsList, { lang: 'en' | 'ru' }>(notProvided('loadList')),
    loadItem: fromPromise<NewsBody, { id: string; lang: 'en' | 'ru' }>(notProvided('loadItem')),
  },
  guards: {
    failedOnItem: ({ context }) => context.openId !== null,
  },
}).createMachine({
  id: 'news',
  context: ({ input }) => ({ lang: input.lang, list: null, openId: null, item: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadList',
        input: ({ context }) => ({ lang: context.lang }),
        onDone: { target: 'list', actions: assign(({ event }) => ({ list: event.output, error: null })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'news.failed') })) },
      },
    },
    list: {
      on: {
        'news.open': { target: 'opening', actions: assign(({ event }) => ({ openId: event.id, item: null })) },
      },
    },
    opening: {
      invoke: {
        src: 'loadItem',
        input: ({ context }) => ({ id: context.openId ?? '', lang: context.lang }),
        onDone: { target: 'item', actions: assign(({ event }) => ({ item: event.output, error: null })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'news.failed') })) },
      },
      on: { 'news.back': { target: 'list', actions: assign({ openId: null }) } },
    },
    item: {
      on: { 'news.back': { target: 'list', actions: assign({ openId: null, item: null }) } },
    },
    failed: {
      on: {
        'news.retry': [{ guard: 'failedOnItem', target: 'opening' }, { target: 'loading' }],
        'news.back': { guard: 'failedOnItem', target: 'list', actions: assign({ openId: null, error: null }) },
      },
    },
  },
});
