import type { ComponentType } from 'react';
import { AccountsEntry } from '../features/accounts/entries';
import { CloseEntry } from '../features/closure/entries';
import { DataEntry } from '../features/data-export/entries';
import { ComplaintsEntry } from '../features/complaints/entries';
import { ContestEntry } from '../features/contests/entries';
import { LimitsEntry } from '../features/limits/entries';
import { InvoicePageView } from '../features/crypto/pages';
import { FundingEntry, ListenFundingEntry } from '../features/funding';
import { HistoryEntry, ReportsEntry } from '../features/reports/entries';
import { SecurityEntry, ValidateEntry } from '../features/security/entries';
import { SupportEntry } from '../features/support/entries';
import { ReferralEntry } from '../features/referral/entries';
import { PersonalEntry } from '../features/verification/entries';
import { PauseEntry } from '../features/self-exclusion/entries';
import { AppropriatenessEntry } from '../features/appropriateness/entries';
import { WithdrawalEntry } from '../features/withdrawal/entries';
import { PromotionsEntry } from '../features/promotions/entries';
import { TermsPageEntry } from '../features/legal/entries';
import type { PageProps } from './page';

export type { PageProps } from './page';

/**
 * The route tables of the trading shell, one line per area (the shell's HashRoutes reads them).
 * Named pages of #/show/{page} (spec 000 §2: funding and personal); an unknown name goes home.
 */
export const showPages: Record<string, ComponentType<PageProps>> = {
  funding: FundingEntry,
  personal: PersonalEntry,
  withdrawal: WithdrawalEntry,
  security: SecurityEntry,
  accounts: AccountsEntry,
  invoice: InvoicePageView,
  history: HistoryEntry,
  reports: ReportsEntry,
  support: SupportEntry,
  complaints: ComplaintsEntry,
  limits: LimitsEntry,
  close: CloseEntry,
  data: DataEntry,
  pause: PauseEntry,
  appropriateness: AppropriatenessEntry,
  referral: ReferralEntry,
  contest: ContestEntry,
  promotions: PromotionsEntry,
  terms: TermsPageEntry,
};

/** Named fragments of #/sw/{page} (e.g. validate, from the validation issue). */
export const swPages: Record<string, ComponentType<PageProps>> = {
  validate: ValidateEntry,
};

/** Pages of #/listen/{page}/{proc}/{id}/{uid}: a processor's page came back (funding). */
export const listenPages: Record<string, ComponentType> = { funding: ListenFundingEntry };

/** a route's view that can start loading its chunk before it renders (src/ui/lazyPage) */
const preloadOf = (view: object | undefined): (() => Promise<void>) | undefined =>
  view && 'preload' in view && typeof view.preload === 'function' ? (view.preload as () => Promise<void>) : undefined;

/**
 * Starts loading the chunk of the page a hash route names (#/show/funding, #/sw/validate,
 * #/listen/funding/…), so the page an address opens on comes with the trading shell's chunk instead
 * of after the shell's first render (issue 33 §2: a waterfall of two chunks, then the page's).
 * Returns the load, or null when the hash names no such page.
 */
export function preloadRoute(hash: string): Promise<void> | null {
  const match = /^#\/(show|sw|listen)\/([^/?#]+)/.exec(hash);
  if (!match) return null;
  const table: Record<string, object> = match[1] === 'show' ? showPages : match[1] === 'sw' ? swPages : listenPages;
  const preload = Object.hasOwn(table, match[2]) ? preloadOf(table[match[2]]) : undefined;
  // a chunk that fails to load here is asked again by the render, which shows its own error
  return preload ? preload().catch(() => undefined) : null;
}
