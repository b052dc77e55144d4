import type { SnapshotFrom } from 'xstate';
import type { newsMachine } from '../../../machines/news/news.machine';
import type { NewsEvent } from '../../../machines/news/news.types';
import { formatLongDate } from '../shared/dates';

export type NewsSnapshot = SnapshotFrom<typeof newsMachine>;

/** An http or https link, else null (the server sends only these; the client checks again). */
export function safeHref(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** A date in the trader's language: "20 November 2026", "20 ноября 2026 г."; the text as given when it names no date. */
export const newsDate = (iso: string, lang: string): string => formatLongDate(iso, lang);

/** the dialog's focus scope: its parts take the focus from anything inside it */
export const NEWS_SCOPE = 'news';

/** the item being read, else null */
export const readingOf = (s: NewsSnapshot): string | null => (s.matches('item') ? (s.context.item?.item.id ?? null) : null);

/** connect() for the news dialog; `lastRead`: the item read last (its entry takes the focus back in the list). */
export function connectNews(s: NewsSnapshot, send: (event: NewsEvent) => void, lastRead: string | null = null) {
  const { list, item, error } = s.context;
  const failedOnItem = s.matches('failed') && s.context.openId !== null;
  const isList = s.matches('list');
  return {
    isLoading: s.matches('loading'),
    isList,
    isOpening: s.matches('opening'),
    isItem: s.matches('item') && item !== null,
    isFailed: s.matches('failed'),
    /** the feed is the sandbox one: say so */
    isSandbox: list?.kind === 'sandbox',
    items: list?.items ?? [],
    item: item ? { ...item.item, href: safeHref(item.item.link), paragraphs: item.body.split('\n\n').filter(Boolean) } : null,
    error,
    canGoBack: failedOnItem || s.matches('opening') || s.matches('item'),
    open: (id: string) => send({ type: 'news.open', id }),
    back: () => send({ type: 'news.back' }),
    retry: () => send({ type: 'news.retry' }),
    /** the dialog's body: the scope its focus intents keep to */
    getRootProps: () => ({ 'data-focus-scope': NEWS_SCOPE }),
    /** a failure with its retry: announced at once */
    getProblemProps: () => ({ role: 'alert' as const }),
    /** the item on its way: said politely */
    getOpeningProps: () => ({ 'aria-live': 'polite' as const }),
    /** an entry of the list: the one read last takes the focus when the list shows again */
    getEntryProps: (id: string) => ({ 'data-focus-on': isList && id === lastRead ? `back-${id}` : undefined, 'data-focus-in': NEWS_SCOPE }),
    /** the item's title: takes the focus when the item opens */
    getItemTitleProps: () => ({ tabIndex: -1, 'data-focus-on': item ? `item-${item.item.id}` : undefined, 'data-focus-in': NEWS_SCOPE }),
  };
}

export type NewsApi = ReturnType<typeof connectNews>;
