import { COIN_METHODS, FIAT_METHODS, FIAT_PAYOUT_CURRENCIES, NO_WALLET_METHODS, needsWallet, type CoinMethod } from '../../core/withdrawal';

/**
 * The withdrawal tabs (spec 002 §2), from the payout methods of `core/withdrawal.ts`:
 * 1 Bitcoin … 8 Monero pay out in that coin; 9 EUR and 10 USD pay out in fiat by card, bank
 * wire or a wallet service.
 */
export type WithdrawalTabId = Lowercase<CoinMethod> | Lowercase<(typeof FIAT_PAYOUT_CURRENCIES)[number]>;

export interface WithdrawalTab {
  id: WithdrawalTabId;
  /** the spec's number */
  n: number;
  /** the coin or currency paid out */
  currency: string;
  /** payout methods of this tab; the first is the default */
  methods: readonly string[];
  crypto: boolean;
  /** the payout form's second field (Ripple's destination tag, Monero's payment id), else null */
  alt: 'ripple' | 'monero' | null;
}

export { FIAT_METHODS, NO_WALLET_METHODS, needsWallet };

export const WITHDRAWAL_TABS: readonly WithdrawalTab[] = [
  ...COIN_METHODS.map(({ method, coin, tab, alt }) => ({ id: method.toLowerCase() as Lowercase<CoinMethod>, n: tab, currency: coin, methods: [method], crypto: true, alt: alt ?? null })),
  ...FIAT_PAYOUT_CURRENCIES.map((currency, i) => ({ id: currency.toLowerCase() as Lowercase<typeof currency>, n: COIN_METHODS.length + i + 1, currency, methods: FIAT_METHODS, crypto: false, alt: null })),
];

export const tabById = (id: string): WithdrawalTab => WITHDRAWAL_TABS.find((t) => t.id === id) ?? WITHDRAWAL_TABS[0];

/** A positive decimal number ("," is read as the decimal point), else null. */
export function positiveAmount(text: string): string | null {
  const value = text.trim().replace(',', '.');
  if (!/^\d{1,18}(\.\d{1,18})?$/.test(value) || /^[0.]+$/.test(value)) return null;
  return value;
}
