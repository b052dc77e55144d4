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

/** connect() for the news dialog. */
export function connectNews(s: NewsSnapshot, send: (event: NewsEvent) => void) {
  const { list, item, error } = s.context;
  const failedOnItem = s.matches('failed') && s.context.openId !== null;
  return {
    isLoading: s.matches('loading'),
    isList: s.matches('list'),
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
  };
}

export type NewsApi = ReturnType<typeof connectNews>;
