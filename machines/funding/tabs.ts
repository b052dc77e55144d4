/**
 * The funding tabs (spec 001 §2) and which of them a trader sees. The set depends on language
 * or currency (the Russian payment methods), on the country (Skrill) and on the settings (Vload).
 */
import { SKRILL_HIDDEN } from '../../core/methods';

export const TABS = [
  'card', 'jcb', 'bitcoin', 'litecoin', 'eth', 'bitcoin-cash', 'dash', 'zcash', 'usdt', 'altcoins',
  'neteller', 'skrill', 'perfect', 'vload', 'webmoney', 'yandex', 'qiwi', 'okpay', 'bank', 'fiat',
] as const;
export type TabId = (typeof TABS)[number];

export const isTab = (value: string): value is TabId => (TABS as readonly string[]).includes(value);

/**
 * The tabs whose deposit works end to end today: the cards (issue 3) and the coins (issue 4).
 * The wallets, vouchers and bank (issue 14) join this list when each works end to end: a tab is
 * never offered as a placeholder.
 */
export const WORKING_TABS: readonly TabId[] = ['card', 'jcb', 'bitcoin', 'litecoin', 'eth', 'bitcoin-cash', 'dash', 'zcash', 'usdt', 'altcoins', 'neteller', 'skrill', 'perfect', 'webmoney', 'yandex', 'qiwi', 'okpay', 'vload', 'bank', 'fiat'];

/** Skrill is hidden for these countries (spec 001 §6); the server refuses it there too (core/methods.ts). */
export { SKRILL_HIDDEN };
/** shown only in Russian or to RUB accounts */
const RUSSIAN_METHODS: readonly TabId[] = ['webmoney', 'yandex', 'qiwi'];

export interface TabFacts {
  lang: string;
  currency: string;
  country: string;
  /** the settings hide Vload for this partner (no_vload) */
  vloadHidden: boolean;
}

export function visibleTabs(facts: TabFacts): TabId[] {
  const russian = facts.lang === 'ru' || facts.currency === 'RUB';
  const country = facts.country.toUpperCase();
  return TABS.filter(
    (tab) =>
      WORKING_TABS.includes(tab) &&
      !(RUSSIAN_METHODS.includes(tab) && !russian) &&
      !(tab === 'skrill' && SKRILL_HIDDEN.includes(country)) &&
      !(tab === 'vload' && facts.vloadHidden),
  );
}

/** The card tabs: a risk-flagged trader sees the partner-risk popup there, a demo account the demo block. */
export const isCardTab = (tab: string): boolean => tab === 'card' || tab === 'jcb';

/**
 * The tabs that show the funding page's amount line (amount, bonus, promo code) and pay it: the
 * card tabs and every method that deposits a fiat amount the trader chooses (wallets, bank, fiat).
 * Not the coin tabs (their invoice page has its own amount), not Vload (the voucher's value is the
 * amount, known only once its pin is redeemed).
 */
export const AMOUNT_LINE_TABS: readonly TabId[] = ['card', 'jcb', 'neteller', 'skrill', 'perfect', 'webmoney', 'yandex', 'qiwi', 'okpay', 'bank', 'fiat'];
export const hasAmountLine = (tab: string): boolean => (AMOUNT_LINE_TABS as readonly string[]).includes(tab);
