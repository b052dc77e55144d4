/**
 * How dates are written, everywhere (part of the one formatter: core/format.ts re-exports it; see
 * its comment). In a time zone the caller names, never the machine's zone implicitly. Numeric
 * dates are DD.MM.YYYY and times HH:mm (24 h) in both languages; long dates name the month in the
 * trader's language. No import: the first chunk can take it alone.
 */

const langOf = (lang: string): 'en' | 'ru' => (lang === 'ru' ? 'ru' : 'en');

/** A moment: epoch milliseconds, a Date or an ISO text. */
export type Moment = number | string | Date;

const millisOf = (value: Moment): number => (value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value));

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateParts(ms: number, timeZone: string): Record<'day' | 'month' | 'year' | 'hour' | 'minute', string> {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    dateFormats.set(timeZone, format);
  }
  const found = { day: '', month: '', year: '', hour: '', minute: '' };
  for (const part of format.formatToParts(ms)) if (part.type in found) found[part.type as keyof typeof found] = part.value;
  return found;
}

/** 29.11.2026 in `timeZone` (both languages: spec 001 §9). A value that names no time comes back as it was given. */
export function formatDate(value: Moment, timeZone: string): string {
  const ms = millisOf(value);
  if (!Number.isFinite(ms)) return String(value);
  const p = dateParts(ms, timeZone);
  return `${p.day}.${p.month}.${p.year}`;
}

/** 29.11.2026 04:37 (24 h) in `timeZone`. A value that names no time comes back as it was given. */
export function formatDateTime(value: Moment, timeZone: string): string {
  const ms = millisOf(value);
  if (!Number.isFinite(ms)) return String(value);
  const p = dateParts(ms, timeZone);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

/** 04:37 (24 h) in `timeZone`. */
export function formatTime(value: Moment, timeZone: string): string {
  const ms = millisOf(value);
  if (!Number.isFinite(ms)) return String(value);
  const p = dateParts(ms, timeZone);
  return `${p.hour}:${p.minute}`;
}

/** The month named in the trader's language: en "29 November 2026", ru "29 ноября 2026 г.". */
export function formatLongDate(value: Moment, lang: string, timeZone: string): string {
  const ms = millisOf(value);
  if (!Number.isFinite(ms)) return String(value);
  return new Intl.DateTimeFormat(langOf(lang) === 'ru' ? 'ru' : 'en-GB', { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(ms);
}
