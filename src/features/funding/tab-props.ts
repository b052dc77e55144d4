import type { TabId } from '../../../core/methods';

export type FundingTabId = TabId;

/** What every funding tab's view takes (its own module, so a tab's view and the registry in tabs.ts import no circle). */
export interface FundingTabProps {
  tab: FundingTabId;
}
