import { SANDBOX_BANNER_ID, SANDBOX_NOTE } from '../../core/sandbox-note';
import type { PageRender } from './frontend';
import { escapeHtml } from './public-html';

/** the page's language from its address (/{lang}/…), else the default */
function langOf(url: string, languages: readonly string[], fallback: string): string {
  const first = url.split('?')[0].split('/')[1] ?? '';
  return languages.includes(first) ? first : fallback;
}

/** index.html with the sandbox banner before the app's root: drawn with the first paint, never moved by the app */
export function withSandboxBanner(html: string, lang: string): string {
  const text = SANDBOX_NOTE[lang === 'ru' ? 'ru' : 'en'];
  return html.replace('<div id="root">', () => `<div class="sandbox-banner" role="note" id="${SANDBOX_BANNER_ID}">${escapeHtml(text)}</div>\n    <div id="root">`);
}

/**
 * In sandbox mode every page's HTML carries the banner (issue 33 §3: it came with the settings'
 * answer and pushed the page down); the public pages keep their own rendering under it.
 */
export function sandboxBannerRenderer(render: PageRender, languages: readonly string[], defaultLanguage: string): PageRender {
  return (request, reply, indexHtml) => withSandboxBanner(render(request, reply, indexHtml) ?? indexHtml, langOf(request.url, languages, defaultLanguage));
}
