import type { PublicTab, TabContent } from '../../core/contract/public-site';
import type { Msg } from '../../core/message';

export interface TabLoaderInput {
  lang: string;
  tab: PublicTab;
  /** the tab's content the server put into the page (a direct visit), else null */
  initial: TabContent | null;
}
export interface TabLoaderContext {
  lang: string;
  tab: PublicTab;
  content: TabContent | null;
  error: Msg | null;
}
export type TabLoaderEvent =
  /** a link between tabs: load it and push its address */
  | { type: 'tab.open'; tab: PublicTab }
  /** back or forward: load the address's tab, push nothing */
  | { type: 'tab.popstate'; tab: PublicTab }
  | { type: 'tab.retry' };
