import type { NewsBody, NewsList } from '../../core/contract/news';
import { call } from './http';
import { contractOf } from './contracts';

const newsContract = () => import('../../core/contract/news');

/** News and analysis (spec 001 §7): plain text from the server, rendered as text. Imported only by the news chunk. */
export const loadNews = (lang: 'en' | 'ru'): Promise<NewsList> => call(contractOf(newsContract, 'NewsList'), `/api/news/rss?lang=${lang}`);
export const loadNewsItem = (id: string, lang: 'en' | 'ru'): Promise<NewsBody> => call(contractOf(newsContract, 'NewsBody'), `/api/news/html?id=${encodeURIComponent(id)}&lang=${lang}`);
