/**
 * The funding tabs (spec 001 §2) and which of them a trader sees: derived from the deposit
 * methods' table (core/methods.ts), which says each method's languages or currencies (the Russian
 * payment methods), countries (Skrill) and whether the settings may hide it (Vload).
 */
import { AMOUNT_LINE_TABS, FUNDING_METHODS, isOffered, TABS, type OfferFacts, type TabId } from '../../core/methods';

export { AMOUNT_LINE_TABS, TABS, type TabId };

export const isTab = (value: string): value is TabId => (TABS as readonly string[]).includes(value);

export type TabFacts = OfferFacts;

/** The tabs this trader is offered, in the page's order; every tab in the table works end to end (none is a placeholder). */
export function visibleTabs(facts: TabFacts): TabId[] {
  return TABS.filter((tab) => isOffered(tab, facts));
}

/** The card tabs: a risk-flagged trader sees the partner-risk popup there, a demo account the demo block. */
export const isCardTab = (tab: string): boolean => isTab(tab) && FUNDING_METHODS[tab].kind === 'card';

/**
 * Whether the tab shows the funding page's amount line (amount, bonus, promo code) and pays it:
 * the card tabs and every method that deposits a fiat amount the trader chooses (wallets, bank,
 * fiat). Not the coin tabs (their invoice page has its own amount), not Vload (the voucher's value
 * is the amount, known only once its pin is redeemed).
 */
export const hasAmountLine = (tab: string): boolean => (AMOUNT_LINE_TABS as readonly string[]).includes(tab);
