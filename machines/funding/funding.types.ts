import type { Msg } from '../../core/message';
import type { Tier } from '../../core/amount';
import type { TabId } from './tabs';

/** GET /api/card/options: what the funding page needs from the server for this trader. */
export interface FundingOptions {
  /** the current account's currency: amounts are in it */
  currency: string;
  /** the minimum deposit from the settings groups and the user's overrides */
  minDeposit: string;
  maxDeposit: string;
  /** US and CA: the card amount is fixed (and the bonus cleared); null otherwise */
  fixedAmount: string | null;
  tiers: Tier[];
  maxBonusPercent: string;
  maxBonusValue: string;
  /** the visitor's country for the card form (geo, else FR) */
  geo: string;
  /** card payments started today and the daily limit (spec 000 §9: 3) */
  cardsToday: number;
  dailyLimit: number;
}

export interface FundingInput {
  /** the add parameter of #/show/funding/{add}/{ng} */
  add: string;
  ng: string;
  demo: boolean;
  /** cardRisk set and verification not Full */
  risk: boolean;
  mobile: boolean;
  /** the current account is the exchange account: fixed mode, no bonus */
  exchange: boolean;
  tabs: TabId[];
  /** this tab has an unfinished card payment: open the card tab to resume it */
  resuming?: boolean;
}

export interface FundingContext extends FundingInput {
  tab: TabId;
  options: FundingOptions | null;
  /** as typed: nothing is lost */
  amount: string;
  /** the trader asked for the bonus (opt-in) */
  bonus: boolean;
  fixed: boolean;
  promo: string;
  /** percent a valid promo code adds; '0' without one */
  promoPercent: string;
  promoError: Msg | null;
  /** the add parameter's alert */
  alert: { title: Msg; text: Msg; variant: 'error' | 'success' | 'info' } | null;
  /** the promo link asked to bring the deposit line into view */
  scrollToAmount: boolean;
  error: Msg | null;
}

export type FundingEvent =
  | { type: 'tab.select'; tab: string }
  | { type: 'amount.change'; value: string }
  | { type: 'amount.step'; value: string }
  | { type: 'bonus.toggle'; on: boolean }
  | { type: 'promo.change'; value: string }
  | { type: 'promo.apply' }
  | { type: 'alert.close' }
  | { type: 'options.retry' }
  /** the view brought the deposit line into view */
  | { type: 'amount.scrolled' };

/** POST /api/promo: the percent a code adds */
export interface PromoOutput {
  percent: string;
}
