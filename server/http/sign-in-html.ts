import { signInText } from '../../core/sign-in-text';
import type { PageRender } from './frontend';
import { escapeHtml } from './public-html';

/**
 * The sign-in card's first lines as static HTML, in the classes the app's own card has (AuthCard,
 * LoginPage): the app's first render replaces them with the same lines at the same size, so the
 * page's largest text is painted with the first paint (Lighthouse's LCP was the app's subtitle,
 * ~1.3 s after it on a phone). The tools' row (chat, language) is kept empty at their size, so
 * the title does not move when the app's card comes.
 */
export function signInStaticBody(lang: string): string {
  const e = escapeHtml;
  const text = signInText(lang);
  return `<main class="auth" data-testid="sign-in-static"><div class="auth__card"><div class="auth__top"><span class="brand">${e(text.site)}</span><span class="auth__tools auth__tools--reserve" aria-hidden="true"></span></div><h1>${e(text.title)}</h1><p class="muted">${e(text.subtitle)}</p></div></main>`;
}

/** `/{lang}/login` (a trailing slash or a query allowed) in one of `languages`: its language, else null */
export function signInPathLang(url: string, languages: readonly string[]): string | null {
  const m = /^\/([a-z]{2})\/login\/?$/.exec(url.split('?')[0]);
  return m && languages.includes(m[1]) ? m[1] : null;
}

/** the sign-in page's HTML gets its static card; every other page is `render`'s */
export function signInPageRenderer(render: PageRender, languages: readonly string[]): PageRender {
  return (request, reply, indexHtml) => {
    const lang = signInPathLang(request.url, languages);
    if (!lang) return render(request, reply, indexHtml);
    return indexHtml.replace(/<html lang="[^"]*">/, `<html lang="${escapeHtml(lang)}">`).replace('<div id="root"></div>', () => `<div id="root">${signInStaticBody(lang)}</div>`);
  };
}
