import { formatDate as dateIn, formatDateTime as dateTimeIn, formatLongDate as longDateIn, type Moment } from '../../../core/format';
import type { Msg } from '../../../core/message';

/**
 * Dates as the trader sees them, in every area and both languages (core/format): DD.MM.YYYY
 * (spec 001 §9, the format the history and reports filter takes), with HH:mm (24 h) where a time
 * is shown, in the trader's time zone. That zone is named here, once: the browser's own, as the
 * filter reads its dates in it (machines/reports/dates.ts). Epoch milliseconds, a Date or an ISO
 * text in; a value that names no time comes back as it was given.
 */
export const traderTimeZone = (): string => new Intl.DateTimeFormat().resolvedOptions().timeZone;

/** 05.01.2026 */
export const formatDate = (value: Moment): string => dateIn(value, traderTimeZone());

/** 05.01.2026 13:45 */
export const formatDateTime = (value: Moment): string => dateTimeIn(value, traderTimeZone());

/** 5 January 2026 / 5 января 2026 г. */
export const formatLongDate = (value: Moment, lang: string): string => longDateIn(value, lang, traderTimeZone());

/**
 * A refusal that says until when (its `until` parameter an ISO time, as the wire writes it: the
 * end of a break or self-exclusion, issue 30 §3) with that time written for the trader like every
 * date here; any other message as it is.
 */
export function withReadableUntil<M extends Msg | null>(message: M): M {
  const until = message?.params?.until;
  if (!message || typeof until !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(until)) return message;
  return { ...message, params: { ...message.params, until: formatDateTime(until) } };
}
