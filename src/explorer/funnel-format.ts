import type { DwellRange } from '../../core/contract/funnel';

/**
 * The funnel's figures written with Intl, as the explorer writes its other figures (LiveTimeline):
 * the product's formatter (core/format) shared with the explorer's chunks made the bundler move it
 * into a chunk of its own that traders' first pages then fetch (docs/bench.md).
 */
export const formatCount = (n: number, lang: string): string => new Intl.NumberFormat(lang).format(n);
export const formatShare = (share: number, lang: string): string => new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(share);
export const seconds = (ms: number, lang: string): string => new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }).format(ms / 1000);

/** the median's bucket as the panel says it: "2–4 s", "1,024 s or more", "not known" */
export function dwellText(median: DwellRange | null, lang: string, t: (key: string, params?: Record<string, string>) => string): string {
  if (!median) return t('explorer.funnel.median_unknown');
  if (median.high < 0) return t('explorer.funnel.median_open', { low: seconds(median.low, lang) });
  return t('explorer.funnel.median', { low: seconds(median.low, lang), high: seconds(median.high, lang) });
}
