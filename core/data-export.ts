/**
 * "Download my data" (issue 30 §9, docs/data-export.md): the rules, once. The trader asks for an
 * export of everything the product holds about them; it is gathered in the background, section by
 * section, and downloaded once by its owner.
 */

export const DATA_EXPORT_STATUSES = ['running', 'ready', 'downloaded', 'failed', 'expired'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const DATA_EXPORT_RULES = {
  /** exports a trader may start in any 24 hours (429 `data_export.daily_limit` beyond) */
  perDay: 3,
  /** a ready export not downloaded within this many days expires and its JSON is deleted */
  keepDays: 7,
  /** a worker holds a job this long after each section; a job whose lease ran out was left by a stopped process */
  leaseMs: 60_000,
  /** a job taken up this many times without finishing is marked failed (the trader may start another) */
  maxAttempts: 3,
  /** how often the page asks for the progress */
  pollMs: 2_000,
} as const;

const DAY_MS = 24 * 3_600_000;

/** When a ready export made at `readyAt` expires. */
export const dataExportExpiry = (readyAt: Date): Date => new Date(readyAt.getTime() + DATA_EXPORT_RULES.keepDays * DAY_MS);

/** The start of the 24 hours the daily limit counts, as of `now`. */
export const dataExportWindowStart = (now: Date): Date => new Date(now.getTime() - DAY_MS);

/** The downloaded file's name: `my-data-YYYY-MM-DD.json` (the UTC day it was made). */
export const dataExportFileName = (madeAt: Date): string => `my-data-${madeAt.toISOString().slice(0, 10)}.json`;
