/** The Lighthouse rows' budgets (scripts/bench/budgets.ts `lighthouse`) and their table. */
import { BUDGETS } from './budgets';
import type { LighthouseFigures } from './lighthouse';

export type LighthouseMetric = 'performance' | 'accessibility' | 'bestPractices' | 'seo' | 'cls' | 'tbt';
export const LIGHTHOUSE_METRICS: readonly LighthouseMetric[] = ['performance', 'accessibility', 'bestPractices', 'seo', 'cls', 'tbt'];

export interface LighthouseBudgetRow {
  metric: LighthouseMetric;
  name: string;
  value: number;
  limit: number;
  unit: string;
  higherIsBetter: boolean;
  digits: number;
}

const B = BUDGETS.lighthouse;

/** each budget that applies to one page and preset (SEO on public pages, TBT on mobile) */
export function lighthouseBudgets(f: LighthouseFigures): LighthouseBudgetRow[] {
  const at = `Lighthouse ${f.page} (${f.preset})`;
  const score = (metric: LighthouseMetric, label: string, value: number, limit: number): LighthouseBudgetRow => ({ metric, name: `${at} ${label}`, value, limit, unit: '', higherIsBetter: true, digits: 0 });
  const rows = [
    score('performance', 'performance', f.performance, B.performance[f.preset]),
    score('accessibility', 'accessibility', f.accessibility, B.accessibility),
    score('bestPractices', 'best practices', f.bestPractices, B.bestPractices),
  ];
  if (!f.signedIn) rows.push(score('seo', 'SEO', f.seo, B.seoPublic));
  rows.push({ metric: 'cls', name: `${at} CLS`, value: f.cls, limit: B.cls, unit: '', higherIsBetter: false, digits: 3 });
  if (f.preset === 'mobile') rows.push({ metric: 'tbt', name: `${at} TBT`, value: f.tbtMs, limit: B.tbtMobileMs, unit: 'ms', higherIsBetter: false, digits: 0 });
  return rows;
}

const within = (r: LighthouseBudgetRow) => (r.higherIsBetter ? r.value >= r.limit : r.value <= r.limit);

/** the figures as one table, a `*` after each figure over its budget */
export function lighthouseTable(figures: LighthouseFigures[]): string {
  const title = (text: string, width: number) => `${text} `.padStart(width);
  const head = `${'page'.padEnd(11)}${'preset'.padEnd(9)}${title('perf', 6)}${title('a11y', 6)}${title('b.p.', 6)}${title('SEO', 6)}${title('LCP ms', 9)}${title('TBT ms', 9)}${title('CLS', 8)}${title('JS kB', 8)}`;
  const lines = figures.map((f) => {
    const over = new Set(lighthouseBudgets(f).filter((r) => !within(r)).map((r) => r.metric));
    const cell = (metric: LighthouseMetric | null, text: string, width: number) => `${text}${metric && over.has(metric) ? '*' : ' '}`.padStart(width);
    return (
      f.page.padEnd(11) +
      f.preset.padEnd(9) +
      cell('performance', f.performance.toFixed(0), 6) +
      cell('accessibility', f.accessibility.toFixed(0), 6) +
      cell('bestPractices', f.bestPractices.toFixed(0), 6) +
      cell(f.signedIn ? null : 'seo', f.seo.toFixed(0), 6) +
      cell(null, f.lcpMs.toFixed(0), 9) +
      cell('tbt', f.tbtMs.toFixed(0), 9) +
      cell('cls', f.cls.toFixed(3), 8) +
      cell(null, (f.jsBytes / 1000).toFixed(1), 8)
    );
  });
  const budget = `budgets: performance ≥ ${B.performance.mobile} mobile, ≥ ${B.performance.desktop} desktop; accessibility ${B.accessibility}; best practices ${B.bestPractices}; SEO ${B.seoPublic} (public pages); CLS ≤ ${B.cls}; TBT ≤ ${B.tbtMobileMs} ms (mobile). * over budget`;
  return [head, ...lines, budget].join('\n');
}

export { within as lighthouseWithin };
