import type { Contest } from '../../core/contract/contests';
import type { Msg } from '../../core/message';

export interface ContestLists {
  /** the open contests (GET /api/tourney/current) */
  current: Contest[];
  /** the last closed ones (GET /api/tourney/last) */
  last: Contest[];
}

export interface ContestPageInput {
  /** #/show/contest/last opens the last tab */
  tab?: 'first' | 'last';
}

export interface ContestPageContext extends ContestLists {
  /** the filter box: rows whose initials or country contain it */
  filter: string;
  /** the tab the trader is on (first from the address): a refresh comes back to it */
  tab: 'first' | 'last';
  error: Msg | null;
}

export type ContestPageEvent =
  | { type: 'retry' }
  | { type: 'refresh' }
  | { type: 'tab.first' }
  | { type: 'tab.last' }
  | { type: 'filter'; value: string };
