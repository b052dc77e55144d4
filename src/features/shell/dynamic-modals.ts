import type { ComponentType } from 'react';
import { SUPPORT_DIALOG } from '../../flows/support/support-open';
import { SupportDialogEntry } from '../support/entries';
import { NEWS_DIALOG } from '../../flows/news/news-open';
import { NewsDialogEntry } from '../news/entries';
import { AddAccountDialogEntry } from '../accounts/entries';
import { BitcoinExplanationEntry } from '../crypto/explain/entries';
import { TOURNEY_WEEKEND } from '../../flows/contests/tourney-weekend-name';
import { TourneyWeekendEntry } from '../contests/entries';
import { OFFER_DIALOG } from '../../flows/offers/offer-dialog';
import { OfferDialogEntry } from '../offers/entries';
import { IQ_DIALOG } from '../../flows/iq/iq-open';
import { IqDialogEntry } from '../iq/entries';
import { LADDER_DIALOG } from '../../flows/ladder/ladder-open';
import { LadderDialogEntry } from '../ladder/entries';

/** Dynamic modals by name (add-account, bitcoin explanation, …); each area registers its own. */
export type DynamicModalView = ComponentType<Record<string, unknown> & { onClose: () => void }>;
export const dynamicModals: Record<string, DynamicModalView> = {};

// a new ticket (department '62'), optionally about a payment, an invoice or a withdrawal
dynamicModals[SUPPORT_DIALOG] = SupportDialogEntry;

// news and analysis; the add-account dialog; the bitcoin explanation (src/flows/news/news-open.ts, src/flows/shell/dynamic-open.ts).
// The signals pop-up, Entropay's start dialog and its CVV dialog stay where they are: each is the
// view of a live child actor (a signal with its server-held expiry, the card cascade's Entropay
// step) and has nothing to show when opened by name (docs/engagement.md). Giveaway: the timed offers.
dynamicModals[NEWS_DIALOG] = NewsDialogEntry;
dynamicModals.add_account = AddAccountDialogEntry;
dynamicModals.bitcoin_explanation = BitcoinExplanationEntry;
// the weekend contest (spec 002 /api/ag/tourney_weekend); show more goes to #/show/contest
dynamicModals[TOURNEY_WEEKEND] = TourneyWeekendEntry;
// a timed offer (limited offer, giveaway) with its server-held deadline
dynamicModals[OFFER_DIALOG] = OfferDialogEntry;
// IQ mining (a five-question quiz, the reward once) and the ladder (the trader's place in the weekly contest)
dynamicModals[IQ_DIALOG] = IqDialogEntry;
dynamicModals[LADDER_DIALOG] = LadderDialogEntry;
