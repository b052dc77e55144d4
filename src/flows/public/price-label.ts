import type { CryptoRates } from '../../../core/contract/crypto';
import { decimalsOf, trimDecimal } from '../../../core/decimal';
import { formatAmount, formatNumber, formatTime } from '../../../core/format';
import { traderTimeZone } from '../shared/dates';

/** The red label's lines, written for the visitor. */
export interface PriceLabelText {
  coins: Array<{ symbol: string; price: string; forNumber: string }>;
  spend: string;
  at: string;
}

/*
 * A module of its own, loaded beside the rates' request (usePublicData): the one formatter
 * (core/format) stays out of the landing page's first JavaScript.
 */

/**
 * The red label (spec README rule 2): the real approximate BTC and LTC prices, no markup, and
 * what the marketing number buys, in the visitor's language through the one formatter (core/format:
 * grouping, decimal sign; the time 24-hour in the visitor's zone). Nothing without rates.
 */
export function priceLabel(
  rates: CryptoRates | null,
  marketingNumber: number,
  lang = 'en',
  timeZone = traderTimeZone(),
): PriceLabelText | null {
  if (!rates) return null;
  const coins: PriceLabelText['coins'] = [];
  for (const symbol of ['BTC', 'LTC']) {
    const rate = rates.rates[symbol];
    const n = Number(rate);
    if (!(n > 0)) continue;
    // display only: the rate as the server gave it, and how many coins the marketing number buys (6 significant digits)
    const share = marketingNumber / n;
    // toPrecision writes an exponent below 1e-6 and from 1e21: the fixed form then, cut to the coin's 8 decimals
    const raw = share.toPrecision(6);
    const buys = trimDecimal(/e/i.test(raw) ? share.toFixed(8) : raw);
    coins.push({ symbol, price: formatAmount(rate, rates.base, lang), forNumber: formatNumber(buys, lang, { digits: decimalsOf(buys) }) });
  }
  if (coins.length === 0) return null;
  return { coins, spend: formatAmount(String(marketingNumber), rates.base, lang), at: formatTime(rates.at, timeZone) };
}
