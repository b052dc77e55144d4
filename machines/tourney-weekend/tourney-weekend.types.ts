import type { Contest } from '../../core/contract/contests';

export interface TourneyWeekendInput {
  /** today as YYYY-MM-DD (the trader's calendar) */
  today: string;
  /** the day the modal was last offered (kept by the browser), or null */
  seenDay: string | null;
  /** epoch ms: a weekend contest is offered while its window holds it */
  now: number;
}

export interface TourneyWeekendContext extends TourneyWeekendInput {
  /** the open weekend contest offered */
  contest: Contest | null;
}

export type TourneyWeekendEvent = { type: 'close' } | { type: 'more' };
