import { createActor, fromPromise } from 'xstate';
import type { Contest } from '../../core/contract/contests';
import { msg } from '../../core/message';
import { tourneyWeekendMachine } from '../../machines/tourney-weekend/tourney-weekend.machine';
import { currentContests } from '../api/contests';
import { modalActor } from './app';
import { inspect } from './inspector';
import { TOURNEY_WEEKEND } from './tourney-weekend-name';

/** where the browser keeps the day the modal was last offered */
export const SEEN_KEY = 'tourney_weekend_seen';

const dayOf = (now: Date): string => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

function seenDay(): string | null {
  try {
    return window.localStorage.getItem(SEEN_KEY);
  } catch {
    return null;
  }
}

let started = false;

/**
 * Offers the weekend contest modal once a day while a weekend contest is open (the machine
 * decides; this provides its effects). Loaded lazily by the trading header after sign-in.
 */
export function offerWeekendContest(now = new Date()): void {
  if (started) return;
  started = true;
  const today = dayOf(now);
  const flow = tourneyWeekendMachine.provide({
    actors: { current: fromPromise<Contest[]>(() => currentContests()) },
    actions: {
      remember: () => {
        try {
          window.localStorage.setItem(SEEN_KEY, today);
        } catch {
          // private mode: offered again next load at most
        }
      },
      open: ({ context }) => {
        modalActor.send({
          type: 'modal.open',
          request: { id: `tourney-weekend-${today}`, kind: 'dynamic', name: TOURNEY_WEEKEND, title: msg('contest.weekend.title', 'Weekend contest'), props: { contest: context.contest, more: () => actor.send({ type: 'more' }), dismiss: () => actor.send({ type: 'close' }) } },
        });
      },
      goContest: () => {
        modalActor.send({ type: 'modal.close' });
        window.location.hash = '#/show/contest';
      },
    },
  });
  const actor = createActor(flow, { input: { today, seenDay: seenDay(), now: now.getTime() }, inspect });
  // closed with its own close button (or Escape): the offer is over for today
  const off = modalActor.on('modal.closed', (event) => {
    if (event.id === `tourney-weekend-${today}`) {
      actor.send({ type: 'close' });
      off.unsubscribe();
    }
  });
  actor.start();
}
