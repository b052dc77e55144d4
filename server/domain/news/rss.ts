import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { NEWS_LIMITS } from '../../../core/contract/news';
import type { NewsFeed, NewsFeedItem } from '../ports';
import { isoDate, plainText, safeLink } from './sanitise';

/** The source failed: slow, too large, not RSS or Atom. The message says which, in plain words. */
export class NewsUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NewsUnavailable';
  }
}

export interface RssFeedOptions {
  url: string;
  /** the whole answer within this (default 5 s) */
  timeoutMs?: number;
  /** at most this many bytes (default 1 MB) */
  maxBytes?: number;
  /** a good answer is kept this long (default 10 minutes) */
  cacheMs?: number;
  /** a failure is kept this long, so a broken source is not asked on every call (default 30 s) */
  failureCacheMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

const DEFAULTS = { timeoutMs: 5_000, maxBytes: 1024 * 1024, cacheMs: 10 * 60_000, failureCacheMs: 30_000 };

/** Reads the body up to `maxBytes`, else refuses (a Content-Length over it is refused before reading). */
async function readBounded(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > maxBytes) throw new NewsUnavailable(`The news source sent more than ${Math.round(maxBytes / 1024)} KB; refused.`);
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new NewsUnavailable(`The news source sent more than ${Math.round(maxBytes / 1024)} KB; refused.`);
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // values stay strings; entities of the XML itself are decoded, DOCTYPE entities never (refused below)
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: false,
  trimValues: true,
  isArray: (name) => name === 'item' || name === 'entry' || name === 'link',
});

type Node = Record<string, unknown>;
const asNode = (v: unknown): Node => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Node) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
/** a text node: a string, or an element with text (#text) and attributes */
function text(v: unknown): string {
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (Array.isArray(v)) return text(v[0]);
  const node = asNode(v);
  return typeof node['#text'] === 'string' || typeof node['#text'] === 'number' ? String(node['#text']) : '';
}

function idOf(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 22);
}

/** RSS 2.0 (rss/channel/item) or Atom (feed/entry) → plain-text items, newest first, bounded. */
export function parseFeed(xml: string, baseUrl: string): NewsFeedItem[] {
  if (/<!DOCTYPE[^>]*\[/i.test(xml) || /<!ENTITY/i.test(xml)) throw new NewsUnavailable('The news source declares its own entities; refused.');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new NewsUnavailable(`The news source did not send valid XML (line ${valid.err.line}).`);
  const doc = asNode(parser.parse(xml));
  const rss = asNode(doc.rss);
  const atom = asNode(doc.feed);
  const items: NewsFeedItem[] = [];
  if (doc.rss !== undefined) {
    const channel = asNode(list(rss.channel)[0]);
    const source = plainText(text(channel.title), NEWS_LIMITS.source) || new URL(baseUrl).hostname;
    for (const raw of list(channel.item)) {
      const item = asNode(raw);
      const link = safeLink(text(list(item.link)[0]), baseUrl, NEWS_LIMITS.link);
      const html = text(item['content:encoded']) || text(item.description);
      const title = plainText(text(item.title), NEWS_LIMITS.title);
      const date = isoDate(text(item.pubDate) || text(item['dc:date']));
      items.push(toItem({ key: text(item.guid) || link || title, title, date, html, link, source }));
    }
  } else if (doc.feed !== undefined) {
    const source = plainText(text(atom.title), NEWS_LIMITS.source) || new URL(baseUrl).hostname;
    for (const raw of list(atom.entry)) {
      const entry = asNode(raw);
      const links = list(entry.link).map(asNode);
      const alternate = links.find((l) => l['@_rel'] === undefined || l['@_rel'] === 'alternate') ?? links[0];
      const link = safeLink(alternate?.['@_href'], baseUrl, NEWS_LIMITS.link);
      const html = text(entry.content) || text(entry.summary);
      const title = plainText(text(entry.title), NEWS_LIMITS.title);
      const date = isoDate(text(entry.updated) || text(entry.published));
      items.push(toItem({ key: text(entry.id) || link || title, title, date, html, link, source }));
    }
  } else {
    throw new NewsUnavailable('The news source sent XML that is neither RSS nor Atom.');
  }
  return items
    .filter((i) => i.title !== '')
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, NEWS_LIMITS.items);
}

function toItem(i: { key: string; title: string; date: string | null; html: string; link: string | null; source: string }): NewsFeedItem {
  const body = plainText(i.html, NEWS_LIMITS.body, { paragraphs: true });
  return {
    id: idOf(i.key, i.title),
    title: i.title,
    date: i.date ?? new Date(0).toISOString(),
    summary: plainText(body, NEWS_LIMITS.summary),
    body,
    link: i.link,
    source: i.source,
  };
}

/**
 * A real RSS/Atom source (NEWS_RSS_URL): fetched by the server only (never the browser), within
 * a timeout and a size limit, cached; one fetch at a time. The items are the same in every
 * language (a feed has one).
 */
export function rssFeed(options: RssFeedOptions): NewsFeed {
  const { url } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? DEFAULTS.maxBytes;
  const cacheMs = options.cacheMs ?? DEFAULTS.cacheMs;
  const failureCacheMs = options.failureCacheMs ?? DEFAULTS.failureCacheMs;
  const fetchFn = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  let cached: { at: number; items?: NewsFeedItem[]; error?: NewsUnavailable } | null = null;
  let inFlight: Promise<NewsFeedItem[]> | null = null;

  async function load(): Promise<NewsFeedItem[]> {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetchFn(url, { signal, redirect: 'follow', headers: { accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml' } });
      if (!response.ok) throw new NewsUnavailable(`The news source answered ${response.status}.`);
      const xml = await readBounded(response, maxBytes);
      return parseFeed(xml, url);
    } catch (error) {
      if (error instanceof NewsUnavailable) throw error;
      if (signal.aborted) throw new NewsUnavailable(`The news source did not answer within ${Math.round(timeoutMs / 1000)} s.`);
      throw new NewsUnavailable('The news source could not be reached.');
    }
  }

  return {
    kind: 'rss',
    async items() {
      const at = now();
      if (cached?.items && at - cached.at < cacheMs) return cached.items;
      if (cached?.error && at - cached.at < failureCacheMs) throw cached.error;
      inFlight ??= load()
        .then((items) => {
          cached = { at: now(), items };
          return items;
        })
        .catch((error: unknown) => {
          const refused = error instanceof NewsUnavailable ? error : new NewsUnavailable('The news source could not be read.');
          cached = { at: now(), error: refused };
          throw refused;
        })
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    },
  };
}
