import type { NewsBody, NewsList } from '../../core/contract/news';
import type { Msg } from '../../core/message';

export interface NewsInput {
  lang: 'en' | 'ru';
}

export interface NewsContext {
  lang: 'en' | 'ru';
  list: NewsList | null;
  /** the item being read, or loading (its id) */
  openId: string | null;
  item: NewsBody | null;
  /** why the list or the item could not be loaded (the server's message when it gave one) */
  error: Msg | null;
}

export type NewsEvent =
  /** read one item of the list */
  | { type: 'news.open'; id: string }
  /** back from an item to the list */
  | { type: 'news.back' }
  /** after a failure: load again what failed */
  | { type: 'news.retry' };
