import { NewsBodyQuery, NewsQuery, NewsBody, type NewsItem, NewsList } from '../../core/contract/news';
import type { NewsFeed, NewsFeedItem } from '../domain/ports';
import { NewsUnavailable } from '../domain/news/rss';

import type { RouteDeps } from './deps';
import { Refusal } from '../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

const toItem = ({ id, title, date, summary, link, source }: NewsFeedItem): NewsItem => ({ id, title, date, summary, link, source });

/**
 * News and analysis (spec 001 §7): GET /api/news/rss (the items) and GET
 * /api/news/html (one item's text), from the NewsFeed port (server/compose.ts): the RSS/Atom source of
 * NEWS_RSS_URL when set, else the sandbox feed. Plain text only (server/domain/news/sanitise.ts); no tables.
 */
export const newsRoutes: RoutePlugin<RouteDeps & { news?: NewsFeed }> = async (app, deps) => {
  const feed = deps.news ?? deps.ports.news;

  async function items(lang: 'en' | 'ru'): Promise<NewsFeedItem[]> {
    try {
      return await feed.items(lang);
    } catch (error) {
      const message = error instanceof NewsUnavailable ? error.message : 'The news source could not be read.';
      throw new Refusal(502, 'news.unavailable', `${message} Try again in a minute.`);
    }
  }

  app.get('/api/news/rss', { schema: api(TAGS.public, 'News and analysis list', { querystring: NewsQuery, response: NewsList }) }, async (request, reply): Promise<NewsList> => {
    const { lang = 'en' } = request.query;
    reply.header('cache-control', 'private, max-age=60');
    return { kind: feed.kind, items: (await items(lang)).map(toItem) };
  });

  app.get('/api/news/html', { schema: api(TAGS.public, 'One news item’s body', { querystring: NewsBodyQuery, response: NewsBody }) }, async (request, reply): Promise<NewsBody> => {
    const { id, lang = 'en' } = request.query;
    const item = (await items(lang)).find((i) => i.id === id);
    if (!item) throw new Refusal(404, 'news.not_found', 'This news item is no longer in the feed.');
    reply.header('cache-control', 'private, max-age=60');
    return { kind: feed.kind, item: toItem(item), body: item.body };
  });
};
