import type { RateQuote, RateSource } from '../../domain/ports';

/**
 * Sandbox price feed: fixed reference prices in US dollars, labelled "sandbox" wherever they
 * are shown. A live feed (an exchange's ticker API) implements the same RateSource.
 */
export const SANDBOX_USD_PRICES: Readonly<Record<string, string>> = {
  BTC: '64250.00',
  LTC: '72.40',
  BCH: '385.20',
  DASH: '27.80',
  ZEC: '31.50',
  ETH: '3150.00',
  USDT: '1.00',
  USDC: '1.00',
  DAI: '1.00',
  LINK: '14.20',
  USD: '1',
  EUR: '1.08',
  GBP: '1.27',
  RUB: '0.011',
};

export function sandboxRates(prices: Record<string, string> = SANDBOX_USD_PRICES): RateSource {
  return {
    async quote(): Promise<RateQuote> {
      return { source: 'sandbox', at: new Date(), usd: { ...prices } };
    },
  };
}
