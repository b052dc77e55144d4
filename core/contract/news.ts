import * as z from 'zod/mini';

/**
 * News and analysis (spec 001 §7 /api/news/rss, /api/news/html). The items come from a
 * feed behind the NewsFeed port (server/domain/ports.ts): the sandbox feed (general market
 * commentary, labelled Sandbox) or a real RSS/Atom source (NEWS_RSS_URL), fetched by the server
 * only. Every text is plain text, sanitised on the server (tags stripped, entities decoded,
 * lengths bounded); a link is http or https, else null. The client renders them as text.
 *
 *   GET /api/news/rss?lang=en|ru          NewsList
 *   GET /api/news/html?id={id}&lang=en|ru  NewsBody (404 news.not_found)
 * A source that fails (slow, too large, not RSS or Atom): 502 news.unavailable.
 */

export const NEWS_LIMITS = {
  /** items in one list */
  items: 30,
  title: 200,
  summary: 400,
  body: 8000,
  source: 80,
  link: 2000,
  id: 64,
} as const;

/** where the items come from: the sandbox feed, a configured RSS/Atom source */
export const NewsSource = z.enum(['sandbox', 'rss']);
export type NewsSource = z.infer<typeof NewsSource>;

export const NewsItem = z.object({
  id: z.string(),
  title: z.string(),
  /** ISO 8601; shown in the trader's language */
  date: z.string(),
  summary: z.string(),
  /** the original article (http or https only), or null */
  link: z.nullable(z.string()),
  /** the publisher's name as the feed gives it ("Sandbox" for the sandbox feed) */
  source: z.string(),
});
export type NewsItem = z.infer<typeof NewsItem>;

export const NewsList = z.object({
  kind: NewsSource,
  items: z.array(NewsItem),
});
export type NewsList = z.infer<typeof NewsList>;

export const NewsBody = z.object({
  kind: NewsSource,
  item: NewsItem,
  /** the item's text, paragraphs separated by blank lines */
  body: z.string(),
});
export type NewsBody = z.infer<typeof NewsBody>;

export const NewsQuery = z.object({
  lang: z.optional(z.enum(['en', 'ru'])),
});
export const NewsBodyQuery = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(NEWS_LIMITS.id), z.regex(/^[A-Za-z0-9_-]+$/)),
  lang: z.optional(z.enum(['en', 'ru'])),
});
