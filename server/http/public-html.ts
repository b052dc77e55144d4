import type { FastifyReply, FastifyRequest } from 'fastify';
import { isPublicTab, type PublicTab, type TabContent } from '../../core/contract/public-site';
import { fillTab, TAB_NAMES, tabPath, type SiteFacts } from '../../core/public-site/content';

/** the cookie that keeps a referral link's affiliate id for registration, and how long */
export const AFF_COOKIE = 'aff';
export const AFF_COOKIE_MAX_AGE_S = 30 * 24 * 3600;
const AFF_ID = /^[A-Za-z0-9_-]{1,64}$/;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** text for HTML text and attribute values */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** JSON inside <script type="application/json">: no `<`, `>`, `&` or line separators can end or confuse it */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** `/{lang}/` and `/{lang}/{tab}` of a public tab (a trailing slash allowed), else null */
export function publicPathOf(pathname: string, languages: readonly string[]): { lang: string; tab: PublicTab } | null {
  const m = /^\/([a-z]{2})\/(?:([a-z]+)\/?)?$/.exec(pathname);
  if (!m || !languages.includes(m[1])) return null;
  const tab = m[2] ?? 'home';
  return isPublicTab(tab) ? { lang: m[1], tab } : null;
}

/** the page's main text as static HTML: usable before the JavaScript runs */
export function staticBody(content: TabContent): string {
  const e = escapeHtml;
  // the lead in the app's own class (PublicSite's p.site-lead, 1.15rem): the app's render replaces it
  // with a paragraph of the same size, so the page's largest text is the first paint's (issue 33 §1)
  const parts = [`<h1>${e(content.heading)}</h1>`, `<p class="site-lead">${e(content.lead)}</p>`];
  for (const s of content.sections) parts.push(`<section><h2>${e(s.heading)}</h2>${s.paragraphs.map((p) => `<p>${e(p)}</p>`).join('')}</section>`);
  if (content.faq.length > 0) parts.push(`<section>${content.faq.map((q) => `<h2>${e(q.question)}</h2><p>${e(q.answer)}</p>`).join('')}</section>`);
  const names = TAB_NAMES[content.lang === 'ru' ? 'ru' : 'en'];
  const nav = (['home', 'about', 'accounts', 'faq'] as const).map((tab) => `<a href="${e(tabPath(content.lang, tab))}">${e(names[tab])}</a>`);
  // an empty bar the height of the app's header (public.css): the text under it stays put when the app comes
  return `<header class="site-header site-header--reserve" aria-hidden="true"></header><main class="public-static" data-testid="public-static">${parts.join('')}<nav>${nav.join(' ')}</nav></main>`;
}

/**
 * index.html with the public tab's language, title, description and main text in it, and the
 * tab's content as JSON for the app's first render (no second fetch). Everything escaped.
 */
export function injectPublicPage(indexHtml: string, content: TabContent, links = ''): string {
  const head = `<title>${escapeHtml(content.title)}</title>\n    <meta name="description" content="${escapeHtml(content.description)}" />${links ? `\n    ${links}` : ''}`;
  const data = `<script type="application/json" id="public-tab">${jsonForScript(content)}</script>`;
  return indexHtml
    .replace(/<html lang="[^"]*">/, `<html lang="${escapeHtml(content.lang)}">`)
    .replace(/<title>[^<]*<\/title>/, () => head)
    .replace('<div id="root"></div>', () => `<div id="root">${staticBody(content)}</div>\n    ${data}`);
}

/**
 * The front end's page hook for the public site: a public path gets index.html with its text
 * injected; `?aff=` on it is kept in the aff cookie for registration. Other pages: null.
 */
export function publicPageRenderer(
  facts: () => SiteFacts,
  languages: readonly string[],
  /** a visit through a referral link (server/routes/referral.ts counts it) */
  onAffiliate?: (request: FastifyRequest, reply: FastifyReply, aff: string) => void,
  /** the page's canonical and hreflang `<link>`s (server/http/site.ts), already escaped */
  links?: (lang: string, tab: PublicTab) => string,
) {
  return (request: FastifyRequest, reply: FastifyReply, indexHtml: string): string | null => {
    const [pathname, search = ''] = request.url.split('?');
    const at = publicPathOf(pathname, languages);
    if (!at) return null;
    const aff = new URLSearchParams(search).get('aff');
    if (aff && AFF_ID.test(aff)) {
      reply.setCookie(AFF_COOKIE, aff, { path: '/', sameSite: 'lax', httpOnly: false, maxAge: AFF_COOKIE_MAX_AGE_S, secure: request.protocol === 'https' });
      onAffiliate?.(request, reply, aff);
    }
    return injectPublicPage(indexHtml, fillTab(at.tab, at.lang, facts()), links?.(at.lang, at.tab));
  };
}
