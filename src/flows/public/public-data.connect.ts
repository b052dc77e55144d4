import type { CryptoRates } from '../../../core/contract/crypto';
import type { PublicRunlineEntry } from '../../../core/contract/public-site';
import { msg, type Msg } from '../../../core/message';

/** The landing page's data widgets (price label, ticker): pure, for views in the late chunk (MediaWidgets.tsx). */

/**
 * The red label (spec README rule 2): the real approximate BTC and LTC prices, no markup, and
 * what the marketing number buys, in the visitor's language (grouping, decimal sign, 24-hour
 * time in Russian). Nothing without rates.
 */
export function priceLabel(
  rates: CryptoRates | null,
  marketingNumber: number,
  lang = 'en',
): { coins: Array<{ symbol: string; price: string; forNumber: string }>; spend: string; at: string } | null {
  if (!rates) return null;
  const money = (n: number, digits: number) => new Intl.NumberFormat(lang, { style: 'currency', currency: rates.base, maximumFractionDigits: digits }).format(n);
  const coins: Array<{ symbol: string; price: string; forNumber: string }> = [];
  for (const symbol of ['BTC', 'LTC']) {
    const n = Number(rates.rates[symbol]);
    if (!(n > 0)) continue;
    // display only: the rate as the server gave it, and how many coins the marketing number buys (6 significant digits)
    coins.push({ symbol, price: money(n, 2), forNumber: new Intl.NumberFormat(lang, { maximumSignificantDigits: 6 }).format(marketingNumber / n) });
  }
  if (coins.length === 0) return null;
  return { coins, spend: money(marketingNumber, 2), at: new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' }).format(new Date(rates.at)) };
}

/** The price box's own props: busy until the rates' label is in, its test id once it is (issue 33 §3: drawn before the values) */
export const priceBoxProps = (label: ReturnType<typeof priceLabel>) => ({
  'aria-busy': label === null,
  'data-testid': label ? 'site-prices' : undefined,
});

/**
 * The ticker's own props: its place is kept from the first paint (issue 33 §3: when the trades came
 * it pushed the slider down), busy until the trades are read, named for tests once it has lines.
 */
export const runlineProps = (entries: PublicRunlineEntry[] | null) => ({
  'aria-busy': entries === null,
  'data-testid': entries !== null && entries.length > 0 ? 'site-runline' : undefined,
});

/** The ticker's lines; none (the ticker hidden) when no trade settled. */
export function runlineItems(entries: PublicRunlineEntry[] | null): Array<{ key: string; text: Msg }> {
  return (entries ?? []).map((e, i) => ({
    key: `${e.settledAt}-${i}`,
    text: msg(e.result === 'profit' ? 'site.runline_profit' : 'site.runline_loss', undefined, {
      initials: e.initials,
      country: e.country,
      amount: e.amount,
      currency: e.currency,
      symbol: e.symbol,
    }),
  }));
}
