import type { EventFrom, SnapshotFrom } from 'xstate';
import { CONTEST_ROWS, type Contest, type ContestEntry, type ContestPrize } from '../../../core/contract/contests';
import type { Msg } from '../../../core/message';
import type { contestPageMachine } from '../../../machines/contest-page/contest-page.machine';

type Snapshot = SnapshotFrom<typeof contestPageMachine>;

export interface ContestCard {
  id: string;
  type: Contest['type'];
  status: Contest['status'];
  /** ISO window */
  start: string;
  end: string;
  /** the window has not started yet */
  upcoming: boolean;
  currency: string;
  /** by rank: cash, bonus or an item (core/contest-prizes.ts) */
  prizes: { rank: number; prize: ContestPrize }[];
  /** rows that pass the filter */
  rows: ContestEntry[];
  /** weekly 20, weekend 10: the rows this type shows */
  limit: number;
  /** how many rows the table holds before the filter */
  total: number;
  participants: number;
  /** the trader's own row when it is below the shown rows */
  own: ContestEntry | null;
}

export interface ContestPageApi {
  loading: boolean;
  failed: boolean;
  error: Msg | null;
  tab: ContestTab;
  filter: string;
  contests: ContestCard[];
  retry: () => void;
  refresh: () => void;
  showFirst: () => void;
  showLast: () => void;
  /** the tabs' ids, in order, and the choice of one (useTabs' onSelect) */
  tabIds: readonly ContestTab[];
  selectTab: (tab: string) => void;
  setFilter: (value: string) => void;
  /** the loading line: busy */
  getLoadingProps: () => { 'aria-busy': true };
  /** the failed read with its retry: announced at once */
  getProblemProps: () => { role: 'alert' };
}

export type ContestTab = 'first' | 'last';
const TAB_IDS: readonly ContestTab[] = ['first', 'last'];

/** a row passes the filter when its initials or country contain the text (any case) */
export const passes = (entry: ContestEntry, filter: string): boolean => {
  const f = filter.trim().toLowerCase();
  return f === '' || entry.initials.toLowerCase().includes(f) || entry.country.toLowerCase().includes(f);
};

export function contestCard(c: Contest, filter: string, now: number): ContestCard {
  const limit = CONTEST_ROWS[c.type];
  const shown = c.entries.slice(0, limit);
  return {
    id: c.id,
    type: c.type,
    status: c.status,
    start: c.date_start,
    end: c.date_end,
    upcoming: c.status === 'open' && Date.parse(c.date_start) > now,
    currency: c.currency,
    prizes: c.prizes.map((prize, i) => ({ rank: i + 1, prize })),
    rows: shown.filter((e) => passes(e, filter)),
    limit,
    total: shown.length,
    participants: c.participants,
    own: c.own,
  };
}

/** The contest page for its view. */
export function connectContestPage(s: Snapshot, send: (event: EventFrom<typeof contestPageMachine>) => void, now = Date.now()): ContestPageApi {
  // while a refresh reads, the tab stays the trader's (the machine comes back to it)
  const tab = s.matches('shown') ? (s.matches({ shown: 'last' }) ? 'last' : 'first') : s.context.tab;
  const list = tab === 'last' ? s.context.last : s.context.current;
  return {
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    error: s.context.error,
    tab,
    filter: s.context.filter,
    contests: s.matches('shown') ? list.map((c) => contestCard(c, s.context.filter, now)) : [],
    retry: () => send({ type: 'retry' }),
    refresh: () => send({ type: 'refresh' }),
    showFirst: () => send({ type: 'tab.first' }),
    showLast: () => send({ type: 'tab.last' }),
    tabIds: TAB_IDS,
    selectTab: (id) => {
      if (id === 'first' || id === 'last') send({ type: id === 'last' ? 'tab.last' : 'tab.first' });
    },
    getLoadingProps: () => ({ 'aria-busy': true }),
    getProblemProps: () => ({ role: 'alert' }),
    setFilter: (value) => send({ type: 'filter', value }),
  };
}
