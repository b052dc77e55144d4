import { readFile } from 'node:fs/promises';

/**
 * The sandbox platform's embeddable trading page (GET /platform/trade, framed by the broker's
 * #/home view): plain HTML, CSS and script files in ./page, served as they are. No inline
 * script or style: its CSP allows only its own files.
 */
export const TRADE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export interface TradePage {
  html: string;
  js: string;
  css: string;
}

let cached: Promise<TradePage> | undefined;

/** The page's three files, read once. */
export function tradePage(): Promise<TradePage> {
  cached ??= (async () => {
    const dir = new URL('./page/', import.meta.url);
    const [html, js, css] = await Promise.all(['trade.html', 'trade.js', 'trade.css'].map((name) => readFile(new URL(name, dir), 'utf8')));
    return { html, js, css };
  })();
  return cached;
}
