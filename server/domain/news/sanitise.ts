import { decodeHTML } from 'entities';

/**
 * Feed text → plain text: whatever a feed sends (HTML in a description, CDATA, script
 * and style blocks, entities) becomes text the client shows as text. Script, style and similar
 * blocks go with their content; every other tag goes; entities are decoded once (after the tags
 * are gone, so a decoded "<" stays a character, never markup); control characters go; whitespace
 * is collapsed (paragraphs kept as blank lines when asked); the length is bounded.
 */
export function plainText(value: unknown, max: number, options: { paragraphs?: boolean } = {}): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  let text = String(value).slice(0, 2_000_000);
  text = text.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1');
  text = text.replace(/<!--[\s\S]*?(-->|$)/g, ' ');
  text = text.replace(/<(script|style|iframe|object|embed|noscript|template|svg|math)\b[\s\S]*?(<\/\1\s*>|$)/gi, ' ');
  if (options.paragraphs) text = text.replace(/<\s*(br|\/p|\/div|\/li|\/h[1-6]|p|li)\b[^>]*>/gi, '\n\n');
  text = text.replace(/<\/?[A-Za-z!?][^>]*(>|$)/g, ' ');
  text = decodeHTML(text);
  // a decoded "&lt;script&gt;" is text now; it is shown as text, never parsed
  // eslint-disable-next-line no-control-regex
  text = text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u200B-\u200F\u202A-\u202E\u2066-\u2069]/g, '');
  if (options.paragraphs) {
    text = text
      .split(/\n\s*\n+/)
      .map((p) => p.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join('\n\n');
  } else {
    text = text.replace(/\s+/g, ' ').trim();
  }
  return bound(text, max);
}

/** At most `max` characters (code points), cut at a word when one is near, with an ellipsis. */
export function bound(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.7 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** An http or https URL (absolute, or relative to `base`), else null: no javascript:, data:, file: links. */
export function safeLink(value: unknown, base?: string, max = 2000): string | null {
  if (typeof value !== 'string') return null;
  const raw = decodeHTML(value).trim();
  if (raw === '' || raw.length > max) return null;
  try {
    const url = base ? new URL(raw, base) : new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    const href = url.toString();
    return href.length > max ? null : href;
  } catch {
    return null;
  }
}

/** A date as ISO 8601, or null when it is not one. */
export function isoDate(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const time = Date.parse(String(value).trim());
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}
