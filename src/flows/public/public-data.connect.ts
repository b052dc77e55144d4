import type { PublicRunlineEntry } from '../../../core/contract/public-site';
import { msg, type Msg } from '../../../core/message';
import type { PriceLabelText } from './price-label';

/** The landing page's data widgets (price label, ticker): pure, for views in the late chunk (MediaWidgets.tsx). */

/** The price box's own props: busy until the rates' label is in, its test id once it is (issue 33 §3: drawn before the values) */
export const priceBoxProps = (label: PriceLabelText | null) => ({
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
