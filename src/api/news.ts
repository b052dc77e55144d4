import { NewsBody, NewsList } from '../../core/contract/news';
import { call } from './http';

/** News and analysis (spec 001 §7): plain text from the server, rendered as text. Imported only by the news chunk. */
export const loadNews = (lang: 'en' | 'ru'): Promise<NewsList> => call(NewsList, `/api/news/rss?lang=${lang}`);
export const loadNewsItem = (id: string, lang: 'en' | 'ru'): Promise<NewsBody> => call(NewsBody, `/api/news/html?id=${encodeURIComponent(id)}&lang=${lang}`);
