import type { ComponentType } from 'react';
import { SUPPORT_DIALOG } from '../../flows/support-open';
import { SupportDialogEntry } from '../support/entries';
import { TOURNEY_WEEKEND } from '../../flows/tourney-weekend-name';
import { TourneyWeekendEntry } from '../contests/entries';
import { OFFER_DIALOG } from '../../flows/offers-check';
import { OfferDialogEntry } from '../offers/entries';

/** Dynamic modals by name (add-account, bitcoin explanation, …); each area registers its own. */
export type DynamicModalView = ComponentType<Record<string, unknown> & { onClose: () => void }>;
export const dynamicModals: Record<string, DynamicModalView> = {};

// issue 15: a new ticket (department '62'), optionally about a payment, an invoice or a withdrawal
dynamicModals[SUPPORT_DIALOG] = SupportDialogEntry;
// issue 17: the weekend contest (spec 002 /api/ag/tourney_weekend); show more goes to #/show/contest
dynamicModals[TOURNEY_WEEKEND] = TourneyWeekendEntry;
// issue 17: a timed offer (limited offer, giveaway) with its server-held deadline
dynamicModals[OFFER_DIALOG] = OfferDialogEntry;
