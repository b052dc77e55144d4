/**
 * The withdrawal tabs (spec 002 §2): 1 Bitcoin … 8 Monero pay out in that coin; 9 EUR and
 * 10 USD pay out in fiat by card, bank wire or a wallet service.
 */
export type WithdrawalTabId = 'bitcoin' | 'litecoin' | 'ethereum' | 'dash' | 'bitcoin_cash' | 'ripple' | 'zcash' | 'monero' | 'eur' | 'usd';

export interface WithdrawalTab {
  id: WithdrawalTabId;
  /** the spec's number */
  n: number;
  /** the coin or currency paid out */
  currency: string;
  /** payout methods of this tab; the first is the default */
  methods: readonly string[];
  crypto: boolean;
}

export const FIAT_METHODS = ['Bank Wire', 'Credit Card', 'Skrill', 'Neteller', 'Ok Pay', 'Perfect Money'] as const;
/** methods that pay out without a wallet address (spec 002 §5) */
export const NO_WALLET_METHODS: readonly string[] = ['Credit Card', 'Ok Pay', 'Perfect Money'];

export const WITHDRAWAL_TABS: readonly WithdrawalTab[] = [
  { id: 'bitcoin', n: 1, currency: 'BTC', methods: ['Bitcoin'], crypto: true },
  { id: 'litecoin', n: 2, currency: 'LTC', methods: ['Litecoin'], crypto: true },
  { id: 'ethereum', n: 3, currency: 'ETH', methods: ['Ethereum'], crypto: true },
  { id: 'dash', n: 4, currency: 'DASH', methods: ['Dash'], crypto: true },
  { id: 'bitcoin_cash', n: 5, currency: 'BCH', methods: ['Bitcoin_Cash'], crypto: true },
  { id: 'ripple', n: 6, currency: 'XRP', methods: ['Ripple'], crypto: true },
  { id: 'zcash', n: 7, currency: 'ZEC', methods: ['Zcash'], crypto: true },
  { id: 'monero', n: 8, currency: 'XMR', methods: ['Monero'], crypto: true },
  { id: 'eur', n: 9, currency: 'EUR', methods: FIAT_METHODS, crypto: false },
  { id: 'usd', n: 10, currency: 'USD', methods: FIAT_METHODS, crypto: false },
];

export const tabById = (id: string): WithdrawalTab => WITHDRAWAL_TABS.find((t) => t.id === id) ?? WITHDRAWAL_TABS[0];
export const needsWallet = (method: string): boolean => !NO_WALLET_METHODS.includes(method);

/** A positive decimal number ("," is read as the decimal point), else null. */
export function positiveAmount(text: string): string | null {
  const value = text.trim().replace(',', '.');
  if (!/^\d{1,18}(\.\d{1,18})?$/.test(value) || /^[0.]+$/.test(value)) return null;
  return value;
}
