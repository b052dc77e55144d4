import type { IncentivesOff } from '../../core/contract/incentives';
import type { Msg } from '../../core/message';
import type { Tier } from '../../core/amount';
import type { TabId } from './tabs';
import type { StackFacts } from '../../core/cascade/stack';
import type { CardFacts } from '../../core/card-facts';
import type { StoredCascade } from '../cascade/cascade.types';
import type { CardFormEvent, CardTabAsk } from '../card-form/card-form.types';

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
  /** a credited bonus asks this many times its value in trading turnover before it can be withdrawn */
  bonusTurnover: string;
  /** what the trader's activated promotion adds to the bonus (the server's promotions_max); absent: none */
  promotion?: { percent: string; max: string };
  /** the trader is offered no bonus, promo code or promotion now, and why (core/contract/incentives.ts); absent: they are */
  incentivesOff?: IncentivesOff;
  /** the visitor's country for the card form (geo, else FR) */
  geo: string;
  /** card payments started today and the daily limit the server enforces (spec 000 §9) */
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
  /** the signed-in trader: the card form reads this tab's stored run of this user */
  userId: string;
  /** the card stack facts (settings cascade, the user's cascade, country, partner, no_vload) */
  stack: StackFacts;
}

/**
 * What opening a card form reads from the page (an effect of the flow): this tab's unfinished
 * run, the clock, and a fresh seed for the idempotency keys of its presses.
 */
export interface CardOpening {
  resume: StoredCascade | null;
  /** the page's clock (ms), the current year (four digits) and month (1-12) */
  now: number;
  year: number;
  month: number;
  /** 8-60 of [A-Za-z0-9_-]: each press of Deposit gets `${keySeed}-${n}` */
  keySeed: string;
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
  /** fixed value a valid promo code adds, in the deposit's currency; '0' without one */
  promoValue: string;
  promoError: Msg | null;
  /** the add parameter's alert */
  alert: { title: Msg; text: Msg; variant: 'error' | 'success' | 'info' } | null;
  /** the promo link asked to bring the deposit line into view */
  scrollToAmount: boolean;
  error: Msg | null;
  /** the open card form's facts (null while no card tab is open) */
  card: CardOpening | null;
  /** the card tab the open form belongs to (card or jcb) */
  cardTab: TabId | null;
  /** presses of Deposit on the open card form: the n of its idempotency key */
  presses: number;
}

/** Events for the card form: the page forwards them to its child. */
export type CardFormForwarded = Exclude<CardFormEvent, { type: 'card.submit' }>;

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
  | { type: 'amount.scrolled' }
  /** Deposit pressed on the card form: only the card fields (the number travels in this event only) */
  | { type: 'card.submit'; card: CardFacts; cvv: string; now: number }
  | CardFormForwarded
  /** from the card form: a cascade dialog sends the trader to another tab */
  | CardTabAsk;

/** POST /api/promo: what a code adds (a percent, or a fixed value in the deposit's currency) */
export interface PromoOutput {
  percent: string;
  value?: string;
}
