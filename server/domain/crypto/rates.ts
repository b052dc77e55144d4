import type { RateQuote } from '../ports';
import { RATE_DECIMALS, ceilDiv, formatUnits, parseUnits, pow10 } from './units';

export class RateUnavailable extends Error {
  constructor(readonly symbol: string) {
    super(`No rate for ${symbol}`);
    this.name = 'RateUnavailable';
  }
}

const usdOf = (quote: RateQuote, symbol: string): bigint => {
  const value = quote.usd[symbol];
  if (value === undefined) throw new RateUnavailable(symbol);
  const scaled = parseUnits(value, RATE_DECIMALS);
  if (scaled <= 0n) throw new RateUnavailable(symbol);
  return scaled;
};

/** The price of one `asset` in `currency`, scaled by 10^RATE_DECIMALS (rounded to nearest). */
export function priceScaled(quote: RateQuote, asset: string, currency: string): bigint {
  const a = usdOf(quote, asset);
  const c = usdOf(quote, currency);
  return (a * pow10(RATE_DECIMALS) + c / 2n) / c;
}

/** The price as a decimal string with RATE_DECIMALS decimals. */
export const priceString = (quote: RateQuote, asset: string, currency: string): string =>
  formatUnits(priceScaled(quote, asset, currency), RATE_DECIMALS);

/**
 * How much of the coin pays a fiat amount at a price: rounded up to the coin's smallest unit,
 * so the credited fiat value is always covered.
 */
export function coinForFiat(fiatMinor: bigint, fiatDecimals: number, price: bigint, coinDecimals: number): bigint {
  return ceilDiv(fiatMinor * pow10(coinDecimals) * pow10(RATE_DECIMALS), pow10(fiatDecimals) * price);
}

/** The fiat value of a coin amount at a price, rounded down to the currency's minor unit. */
export function fiatForCoin(coinMinor: bigint, coinDecimals: number, price: bigint, fiatDecimals: number): bigint {
  return (coinMinor * price * pow10(fiatDecimals)) / (pow10(coinDecimals) * pow10(RATE_DECIMALS));
}
