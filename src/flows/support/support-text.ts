import type { TicketStatusId } from '../../../core/contract/support';
import { msg, type Msg } from '../../../core/message';

/** One piece of a message: plain text, or a link (http/https only) to make clickable. */
export type TextPart = { text: string } | { text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** punctuation that ends a sentence rather than the address */
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * A message as text with its links (spec: messages are plain text, never HTML): only http and
 * https addresses become links; everything else stays text, rendered by React as text.
 */
export function textParts(content: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of content.matchAll(URL_PATTERN)) {
    const start = match.index;
    const raw = match[0];
    const trail = TRAILING.exec(raw)?.[0] ?? '';
    const address = raw.slice(0, raw.length - trail.length);
    let href: string | null = null;
    try {
      const url = new URL(address);
      if (url.protocol === 'http:' || url.protocol === 'https:') href = url.href;
    } catch {
      href = null;
    }
    if (!href) continue;
    if (start > last) parts.push({ text: content.slice(last, start) });
    parts.push({ text: address, href });
    last = start + address.length;
  }
  if (last < content.length) parts.push({ text: content.slice(last) });
  return parts;
}

/** the status in the trader's language by status_id (1 Open, 2 Answered, 3 Closed) */
export const statusText = (statusId: TicketStatusId | number): Msg => msg(`support.status.${statusId === 1 || statusId === 2 || statusId === 3 ? statusId : 1}`);
