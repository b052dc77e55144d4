import { readFile } from 'node:fs/promises';

/**
 * The sandbox chat provider's embeddable widget (GET /chat/widget, framed by the broker's chat
 * panel): plain HTML, CSS and script files in ./page. The token travels in the URL fragment,
 * which is never sent to a server or written to its logs. No inline script or style.
 */
export const WIDGET_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

let cached: Promise<{ html: string; js: string; css: string }> | undefined;

export function widgetPage(): Promise<{ html: string; js: string; css: string }> {
  cached ??= (async () => {
    const dir = new URL('./page/', import.meta.url);
    const [html, js, css] = await Promise.all(['widget.html', 'widget.js', 'widget.css'].map((name) => readFile(new URL(name, dir), 'utf8')));
    return { html, js, css };
  })();
  return cached;
}
