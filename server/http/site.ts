import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPublicTab, PUBLIC_TABS } from '../../core/contract/public-site';
import { tabPath } from '../../core/public-site/content';
import { isAppPage, LISTED_APP_PAGES, negotiateLanguage, notFoundText } from '../../core/site-pages';
import { documentOfSlug, LEGAL_DOCUMENTS, legalPath } from '../../core/legal/documents';
import { escapeHtml } from './public-html';
import { api, TAGS } from './route-schema';

/**
 * The web's basics: the favicon, robots.txt and sitemap.xml with absolute
 * addresses from SITE_URL, `/` by Accept-Language, and which addresses are pages (an unknown
 * one is a 404 with a real page).
 */

export interface SiteOptions {
  /** the site's address without a trailing slash (config.siteUrl) */
  siteUrl: string;
  languages: readonly string[];
  defaultLanguage: string;
}

/** the favicon: a candlestick on the brand's blue, readable at 16 px */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1d4ed8"/><path d="M9 6v20M16 9v17M23 4v18" stroke="#fff" stroke-width="2" stroke-linecap="round"/><rect x="6.5" y="11" width="5" height="9" rx="1" fill="#fff"/><rect x="13.5" y="14" width="5" height="7" rx="1" fill="#93c5fd"/><rect x="20.5" y="8" width="5" height="9" rx="1" fill="#fff"/></svg>
`;

/** the public addresses in one language: the tabs, then contacts, login and register, then the legal documents */
export const publicPaths = (lang: string): string[] => [
  ...PUBLIC_TABS.map((tab) => tabPath(lang, tab)),
  ...LISTED_APP_PAGES.map((page) => `/${lang}/${page}`),
  // the legal documents, each a page of its own (/{lang}/legal/{slug})
  ...LEGAL_DOCUMENTS.map((doc) => legalPath(lang, doc)),
];

/** `<link>`s naming the page's canonical address and its other languages (hreflang; x-default: the default language's) */
export function alternateLinks(options: SiteOptions, lang: string, pathInLang: (lang: string) => string): string {
  const e = escapeHtml;
  const links = [`<link rel="canonical" href="${e(options.siteUrl + pathInLang(lang))}" />`];
  for (const other of options.languages) links.push(`<link rel="alternate" hreflang="${e(other)}" href="${e(options.siteUrl + pathInLang(other))}" />`);
  links.push(`<link rel="alternate" hreflang="x-default" href="${e(options.siteUrl + pathInLang(options.defaultLanguage))}" />`);
  return links.join('\n    ');
}

export function robotsTxt(options: SiteOptions): string {
  const lines = ['User-agent: *', 'Allow: /'];
  for (const path of ['/api/', '/platform/', '/upload/', '/sandbox/', '/explorer/', '/logout']) lines.push(`Disallow: ${path}`);
  // the signed-in pages and the one-time links: nothing there for a search engine
  for (const lang of options.languages) for (const page of ['trading', 'autologin', 'reset']) lines.push(`Disallow: /${lang}/${page}`);
  lines.push('', `Sitemap: ${options.siteUrl}/sitemap.xml`, '');
  return lines.join('\n');
}

export function sitemapXml(options: SiteOptions): string {
  const e = escapeHtml;
  const byLang = new Map(options.languages.map((lang) => [lang, publicPaths(lang)]));
  const urls: string[] = [];
  for (const lang of options.languages) {
    byLang.get(lang)!.forEach((path, i) => {
      const alternates = options.languages.map((other) => `<xhtml:link rel="alternate" hreflang="${e(other)}" href="${e(options.siteUrl + byLang.get(other)![i])}"/>`);
      urls.push(`  <url><loc>${e(options.siteUrl + path)}</loc>${alternates.join('')}</url>`);
    });
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** What an address outside the server's own paths is: a page of the app, a redirect, or missing (in a language). */
export type PageAt = { kind: 'page' } | { kind: 'redirect'; location: string } | { kind: 'missing'; lang: string };

export function pageAt(request: FastifyRequest, options: SiteOptions): PageAt {
  const [pathname, search] = splitUrl(request.url);
  const segments = pathname.split('/');
  const first = segments[1] ?? '';
  if (options.languages.includes(first)) {
    // /{lang} → /{lang}/ (the landing page)
    if (segments.length === 2) return { kind: 'redirect', location: `/${first}/${search}` };
    const name = segments[2] ?? '';
    // the app's pages and the public tabs take the rest of the path as theirs (App.tsx reads the second segment)
    // /{lang}/legal lists the documents, /{lang}/legal/{slug} shows one; another slug is missing
    if (name === 'legal') return !segments[3] || documentOfSlug(segments[3]) ? { kind: 'page' } : { kind: 'missing', lang: first };
    return name === '' || isAppPage(name) || (isPublicTab(name) && name !== 'home') ? { kind: 'page' } : { kind: 'missing', lang: first };
  }
  const lang = negotiateLanguage(headerOf(request, 'accept-language'), options.languages, options.defaultLanguage);
  // /login, /trading#…: the page in the visitor's language
  if (isAppPage(first)) return { kind: 'redirect', location: `/${lang}${pathname}${search}` };
  return { kind: 'missing', lang };
}

/** index.html as the 404 page in `lang`: its title, description and text before the JavaScript runs (the app renders the same page) */
export function notFoundHtml(indexHtml: string, lang: string): string {
  const e = escapeHtml;
  const text = notFoundText(lang);
  const head = `<title>${e(text.title)} · ${e(text.site)}</title>\n    <meta name="description" content="${e(text.description)}" />\n    <meta name="robots" content="noindex" />`;
  const body = `<main class="not-found" data-testid="not-found-static"><h1>${e(text.heading)}</h1><p>${e(text.body)}</p><p><a href="/${e(lang)}/">${e(text.home)}</a></p></main>`;
  return indexHtml
    .replace(/<html lang="[^"]*">/, `<html lang="${e(lang)}">`)
    .replace(/<title>[^<]*<\/title>/, () => head)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
}

/** GET /favicon.svg (and /favicon.ico, which browsers ask for on their own), /robots.txt and /sitemap.xml; / by Accept-Language */
export function installSite(app: FastifyInstance, options: SiteOptions): void {
  app.get('/favicon.svg', { schema: api(TAGS.public, 'The site icon', { produces: 'image/svg+xml' }) }, async (_request, reply) => reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(FAVICON_SVG));
  app.get('/favicon.ico', { schema: api(TAGS.public, 'Redirects to /favicon.svg (browsers ask for it by themselves)', { produces: 'redirect' }) }, async (_request, reply) => reply.redirect('/favicon.svg', 301));
  app.get('/robots.txt', { schema: api(TAGS.public, 'What crawlers may index; names the sitemap', { produces: 'text/plain' }) }, async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(options)));
  app.get('/sitemap.xml', { schema: api(TAGS.public, 'The public pages in every language, with hreflang alternates', { produces: 'application/xml' }) }, async (_request, reply) => reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemapXml(options)));
  app.get('/', { schema: api(TAGS.public, 'Redirects to the default language', { produces: 'redirect' }) }, async (request, reply) => {
    const lang = negotiateLanguage(headerOf(request, 'accept-language'), options.languages, options.defaultLanguage);
    const [, search] = splitUrl(request.url);
    return reply.header('vary', 'Accept-Language').redirect(`/${lang}/${search}`, 302);
  });
}

function splitUrl(url: string): [string, string] {
  const at = url.indexOf('?');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}
