import { formatDay } from '../../machines/reports/dates';

/**
 * Dates as the trader sees them, in every area and both languages: DD.MM.YYYY (spec 001 §9,
 * the format the history and reports filter takes), with HH:mm (24 h) where a time is shown.
 * Local time of the browser, as the filter reads its dates. Epoch milliseconds or an ISO text
 * in; a value that names no time comes back as it was given.
 */
const two = (n: number) => String(n).padStart(2, '0');

function toMillis(value: number | string): number {
  return typeof value === 'number' ? value : Date.parse(value);
}

/** 05.01.2026 */
export function formatDate(value: number | string): string {
  const ms = toMillis(value);
  return Number.isFinite(ms) ? formatDay(ms) : String(value);
}

/** 05.01.2026 13:45 */
export function formatDateTime(value: number | string): string {
  const ms = toMillis(value);
  if (!Number.isFinite(ms)) return String(value);
  const date = new Date(ms);
  return `${formatDay(ms)} ${two(date.getHours())}:${two(date.getMinutes())}`;
}
