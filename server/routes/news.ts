import type { FastifyPluginAsync } from 'fastify';
import { NewsBodyQuery, NewsQuery, type NewsBody, type NewsItem, type NewsList } from '../../core/contract/news';
import type { NewsFeed, NewsFeedItem } from '../domain/ports';
import { NewsUnavailable } from '../domain/news/rss';
import { parse } from '../http/parse';
import type { RouteDeps } from './deps';
import { Refusal } from '../domain/refusal';

const toItem = ({ id, title, date, summary, link, source }: NewsFeedItem): NewsItem => ({ id, title, date, summary, link, source });

/**
 * News and analysis (spec 001 §7): GET /api/news/rss (the items) and GET
 * /api/news/html (one item's text), from the NewsFeed port (server/compose.ts): the RSS/Atom source of
 * NEWS_RSS_URL when set, else the sandbox feed. Plain text only (server/domain/news/sanitise.ts); no tables.
 */
export const newsRoutes: FastifyPluginAsync<RouteDeps & { news?: NewsFeed }> = async (app, deps) => {
  const feed = deps.news ?? deps.ports.news;

  async function items(lang: 'en' | 'ru'): Promise<NewsFeedItem[]> {
    try {
      return await feed.items(lang);
    } catch (error) {
      const message = error instanceof NewsUnavailable ? error.message : 'The news source could not be read.';
      throw new Refusal(502, 'news.unavailable', `${message} Try again in a minute.`);
    }
  }

  app.get('/api/news/rss', async (request, reply): Promise<NewsList> => {
    const { lang = 'en' } = parse(NewsQuery, request.query, 'query');
    reply.header('cache-control', 'private, max-age=60');
    return { kind: feed.kind, items: (await items(lang)).map(toItem) };
  });

  app.get('/api/news/html', async (request, reply): Promise<NewsBody> => {
    const { id, lang = 'en' } = parse(NewsBodyQuery, request.query, 'query');
    const item = (await items(lang)).find((i) => i.id === id);
    if (!item) throw new Refusal(404, 'news.not_found', 'This news item is no longer in the feed.');
    reply.header('cache-control', 'private, max-age=60');
    return { kind: feed.kind, item: toItem(item), body: item.body };
  });
};
