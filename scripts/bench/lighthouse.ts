/**
 * Lighthouse in the bench (issue 33 §1): the production build's pages, each with the mobile and the
 * desktop preset, `runs` times, in Debian's Chromium (never a downloaded browser). Signed-in pages
 * carry a real session's cookie (scripts/bench/session.ts: the platform login, then /api/login) in
 * every request Lighthouse's page makes. Each run's HTML and JSON report goes to reports/lighthouse/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { launchBrowser } from '../lib/browser';
import { freePort } from '../lib/server-process';
import { signedInTrader } from './session';

export const LIGHTHOUSE_PAGES = [
  { name: 'landing', path: '/en/', signedIn: false },
  { name: 'login', path: '/en/login', signedIn: false },
  { name: 'register', path: '/en/register', signedIn: false },
  { name: 'trading', path: '/en/trading#/home', signedIn: true },
  { name: 'funding', path: '/en/trading#/show/funding', signedIn: true },
  { name: 'withdrawal', path: '/en/trading#/show/withdrawal', signedIn: true },
  { name: 'support', path: '/en/trading#/show/support', signedIn: true },
] as const;

export type Preset = 'mobile' | 'desktop';
export const PRESETS: readonly Preset[] = ['mobile', 'desktop'];

/** one page with one preset: the median of each figure over the runs */
export interface LighthouseFigures {
  page: string;
  signedIn: boolean;
  preset: Preset;
  runs: number;
  /** category scores 0–100 */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** JavaScript transferred (compressed as served), bytes */
  jsBytes: number;
}

export const REPORT_DIR = join(process.cwd(), 'reports', 'lighthouse');

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const score = (lhr: Result, id: string): number => Math.round(100 * (lhr.categories[id]?.score ?? 0));
const numeric = (lhr: Result, id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
function scriptBytes(lhr: Result): number {
  const details = lhr.audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined;
  return details?.items?.find((i) => i.resourceType === 'script')?.transferSize ?? 0;
}

/** the four categories, LCP, TBT, CLS and bytes by type: nothing else is gathered */
const ONLY = ['performance', 'accessibility', 'best-practices', 'seo'];

export async function lighthouseRows(base: string, options: { runs: number; pages?: readonly string[]; step: (what: string) => void }): Promise<LighthouseFigures[]> {
  mkdirSync(REPORT_DIR, { recursive: true });
  const pages = LIGHTHOUSE_PAGES.filter((p) => !options.pages || options.pages.includes(p.name));
  const session = pages.some((p) => p.signedIn) ? await signedInTrader(base) : undefined;
  const port = await freePort();
  const browser = await launchBrowser([`--remote-debugging-port=${port}`]);
  const results: LighthouseFigures[] = [];
  try {
    for (const page of pages) {
      for (const preset of PRESETS) {
        const lhrs: Result[] = [];
        for (let run = 1; run <= options.runs; run += 1) {
          options.step(`Lighthouse ${page.name}, ${preset}, run ${run} of ${options.runs}`);
          const flags: Flags = {
            port,
            output: ['html', 'json'],
            logLevel: 'error',
            onlyCategories: ONLY,
            // not in any score: the back/forward cache check navigates away and back, the full-page
            // screenshot paints the whole page again; both only cost time
            skipAudits: ['bf-cache', 'full-page-screenshot'],
            ...(page.signedIn && session ? { extraHeaders: { Cookie: session.cookie } } : {}),
          };
          const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
          // a run whose trace came out broken (NO_NAVSTART on a busy machine: "run Lighthouse again") is run again, twice at most
          let result = await lighthouse(`${base}${page.path}`, flags, config);
          for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry += 1) result = await lighthouse(`${base}${page.path}`, flags, config);
          if (!result) throw new Error(`Lighthouse gave no result for ${page.name} (${preset})`);
          if (result.lhr.runtimeError) throw new Error(`Lighthouse ${page.name} (${preset}): ${result.lhr.runtimeError.message}`);
          const [html, json] = result.report as string[];
          const file = join(REPORT_DIR, `${page.name}-${preset}-${run}`);
          writeFileSync(`${file}.html`, html);
          writeFileSync(`${file}.json`, json);
          lhrs.push(result.lhr);
        }
        const of = (f: (lhr: Result) => number) => median(lhrs.map(f));
        results.push({
          page: page.name,
          signedIn: page.signedIn,
          preset,
          runs: lhrs.length,
          performance: of((l) => score(l, 'performance')),
          accessibility: of((l) => score(l, 'accessibility')),
          bestPractices: of((l) => score(l, 'best-practices')),
          seo: of((l) => score(l, 'seo')),
          lcpMs: of((l) => numeric(l, 'largest-contentful-paint')),
          tbtMs: of((l) => numeric(l, 'total-blocking-time')),
          cls: of((l) => numeric(l, 'cumulative-layout-shift')),
          jsBytes: of(scriptBytes),
        });
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}
