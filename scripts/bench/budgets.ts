/** Every performance budget of the product, in one place. `npm run bench` checks them all. */
export const BUDGETS = {
  /** all JavaScript a page loads, gzip, bytes (1 kB = 1000 bytes) */
  pageJsGzip: {
    login: 110_000,
    /** the public site's landing page /{lang}/ (issue 16): no trading shell; at most the login page's
     *  (the entry every page shares is ~104.6 kB of it; the public site's own chunks ~8.7 kB) */
    landing: 110_000,
    trading: 140_000,
    funding: 180_000,
  },
  /** `npm start` on an installed, built checkout: first page served, ms */
  startToFirstPageMs: 3_000,
  /** login page in Chromium: navigation start to load event, ms (loopback) */
  loginPageLoadMs: 1_500,
  /** GET /api/settings under load from a second process: p99 ms and minimum requests per second */
  settingsP99Ms: 50,
  settingsMinRps: 300,
  /** the cascade machine's pure transitions (fraud check, five declines, an approval): minimum events per second; a payment needs about 10 */
  cascadeMinEventsPerSec: 100,
  /** POST /api/btc/check for one invoice, signed in, same conditions (every check reads the session,
   *  the invoice and the chain: a handful of queries on the one embedded-database connection) */
  invoiceCheckP99Ms: 250,
  invoiceCheckMinRps: 150,
} as const;
