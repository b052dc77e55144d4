import { createActor, fromPromise } from 'xstate';
import type { Contest } from '../../../core/contract/contests';
import { msg } from '../../../core/message';
import { tourneyWeekendMachine } from '../../../machines/tourney-weekend/tourney-weekend.machine';
import { currentContests } from '../../api/contests';
import { modalActor } from '../shell/app.flow';
import { attentionActor, dayOf, readSeen, requestModal } from '../attention/attention.flow';
import { inspect } from '../shared/inspector';
import { TOURNEY_WEEKEND } from './tourney-weekend-name';

/** the arbiter's id for the weekend contest: "Not now" is kept under it, per trader (src/flows/attention/attention.flow.ts) */
export const WEEKEND_ATTENTION_ID = 'weekend-contest';

/** this browser's older, trader-blind memory of the day (the browser tests still set it to keep the modal away) */
export const SEEN_KEY = 'tourney_weekend_seen';

/** the day this trader last closed the modal ("Not now" or Show more), as the arbiter keeps it, else the browser's older key */
function seenDay(userId: string): string | null {
  const kept = readSeen(userId)[WEEKEND_ATTENTION_ID];
  if (kept) return kept;
  try {
    return window.localStorage.getItem(SEEN_KEY);
  } catch {
    return null;
  }
}

let started = false;

/**
 * Offers the weekend contest modal once a day while a weekend contest is open (the machine
 * decides; this provides its effects). Loaded lazily by the trading header after sign-in. The
 * modal asks the attention arbiter (src/flows/attention/attention.flow.ts): it shows only when granted, and
 * closing it is remembered for this trader until tomorrow.
 */
export function offerWeekendContest(userId: string, now = new Date()): void {
  if (started) return;
  started = true;
  const today = dayOf(now.getTime());
  const flow = tourneyWeekendMachine.provide({
    actors: { current: fromPromise<Contest[]>(() => currentContests()) },
    actions: {
      // the arbiter keeps the day when the trader closes it (keepSeen), not when it is merely asked for
      remember: () => {},
      open: ({ context }) => {
        void requestModal(
          { id: WEEKEND_ATTENTION_ID, kind: 'weekend-contest', priority: 'promotional' },
          { id: `tourney-weekend-${today}`, kind: 'dynamic', name: TOURNEY_WEEKEND, title: msg('contest.weekend.title', 'Weekend contest'), props: { contest: context.contest, more: () => actor.send({ type: 'more' }), dismiss: () => actor.send({ type: 'close' }) } },
        );
      },
      goContest: () => {
        modalActor.send({ type: 'modal.close' });
        window.location.hash = '#/show/contest';
      },
    },
  });
  attentionActor();
  const actor = createActor(flow, { input: { today, seenDay: seenDay(userId), now: now.getTime() }, inspect });
  // closed with its own close button (or Escape): the offer is over for today
  const off = modalActor.on('modal.closed', (event) => {
    if (event.id === `tourney-weekend-${today}`) {
      actor.send({ type: 'close' });
      off.unsubscribe();
    }
  });
  actor.start();
}
