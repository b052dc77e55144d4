/**
 * The site's page addresses (/{lang}/{page}): the server answers any other address under a
 * language with 404 and the page below, and lists the public ones in sitemap.xml.
 */

/** pages of the app outside the public site (src/App.tsx renders each) */
export const APP_PAGES = ['login', 'autologin', 'register', 'trading', 'contacts', 'forgot', 'reset', 'legal', 'not-me', 'confirm-address'] as const;
export type AppPage = (typeof APP_PAGES)[number];

/** pages a search engine may list besides the public tabs (sitemap.xml) */
export const LISTED_APP_PAGES = ['contacts', 'login', 'register'] as const satisfies readonly AppPage[];

export const isAppPage = (name: string): name is AppPage => (APP_PAGES as readonly string[]).includes(name);

/** The 404 page's texts: the server's static HTML and the app's view say the same. */
export const NOT_FOUND_TEXT = {
  en: {
    /** the app's name in this language (the app's app.name) */
    site: 'Brokerage',
    title: 'Page not found',
    description: 'There is no page at this address.',
    heading: 'Page not found',
    body: 'There is no page at this address: the link may be mistyped, or the page has moved.',
    home: 'Go to the home page',
    login: 'Sign in',
  },
  ru: {
    site: 'Брокер',
    title: 'Страница не найдена',
    description: 'По этому адресу нет страницы.',
    heading: 'Страница не найдена',
    body: 'По этому адресу нет страницы: возможно, в ссылке опечатка или страница переехала.',
    home: 'На главную',
    login: 'Войти',
  },
} as const;

export const notFoundText = (lang: string) => (lang === 'ru' ? NOT_FOUND_TEXT.ru : NOT_FOUND_TEXT.en);

/**
 * The best of `languages` for an Accept-Language header (RFC 9110 §12.5.4: by q, then order;
 * `ru-RU` matches `ru`; q=0 refuses), else `fallback`.
 */
export function negotiateLanguage(header: string | undefined, languages: readonly string[], fallback: string): string {
  if (!header) return fallback;
  const ranges = header
    .split(',')
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q[1]) : 1, order };
    })
    .filter((r) => r.tag !== '' && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of ranges) {
    if (tag === '*') return fallback;
    const match = languages.find((lang) => tag === lang || tag.startsWith(`${lang}-`));
    if (match) return match;
  }
  return fallback;
}
