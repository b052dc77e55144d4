import { assign, fromPromise, setup } from 'xstate';
import type { AcceptResponse, IgnoreResponse } from '../../core/contract/offers';
import { failureMsg, isCallFailure } from '../../core/failure';
import { notProvided } from '../shared/not-provided';
import type { TimedOfferContext, TimedOfferEvent, TimedOfferInput } from './timed-offer.types';

/** the server ended it: the deadline passed (410) */
const endedOnServer = (error: unknown): boolean => isCallFailure(error) && error.kind === 'http' && error.status === 410;

/**
 * One timed offer (001 §2, §4, §9; limited, giveaway or risk_free): shown with its terms until the server's deadline
 * (a named delay to expiresAt, never a tick counter: a reload or a second tab counts to the same
 * moment), then accepted (the server did what the terms say), ignored (recorded) or expired (the
 * deadline passed, or the server said so when accepting).
 */
export const timedOfferMachine = setup({
  types: {} as { context: TimedOfferContext; events: TimedOfferEvent; input: TimedOfferInput },
  actors: {
    accept: fromPromise<AcceptResponse, { id: string }>(notProvided('accept')),
    ignore: fromPromise<IgnoreResponse, { id: string }>(notProvided('ignore')),
  },
  guards: {
    endedOnServer: (_, error: unknown) => endedOnServer(error),
    wasExpired: (_, outcome: IgnoreResponse) => outcome.outcome === 'expired',
  },
  delays: {
    untilDeadline: ({ context }) => Math.max(0, context.remainingMs),
  },
}).createMachine({
  id: 'timedOffer',
  context: ({ input }) => ({ ...input, accepted: null, error: null }),
  initial: 'shown',
  states: {
    shown: {
      after: { untilDeadline: { target: 'expired', meta: { spec: ['001 §4.15', '001 §4.16', '001 §9.7'], deviation: 'spec README item 6' } } },
      on: {
        accept: { target: 'accepting', actions: assign({ error: null }) },
        ignore: { target: 'ignoring', actions: assign({ error: null }) },
      },
    },
    accepting: {
      invoke: {
        src: 'accept',
        input: ({ context }) => ({ id: context.offer.id }),
        onDone: { target: 'accepted', actions: assign({ accepted: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'endedOnServer', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'expired' },
          { target: 'shown', actions: assign({ error: ({ event }) => failureMsg(event.error, 'offers.failed') }) },
        ],
      },
    },
    ignoring: {
      invoke: {
        src: 'ignore',
        input: ({ context }) => ({ id: context.offer.id }),
        onDone: [{ guard: { type: 'wasExpired', params: ({ event }: { event: { output: IgnoreResponse } }) => event.output }, target: 'expired' }, { target: 'ignored' }],
        onError: { target: 'shown', actions: assign({ error: ({ event }) => failureMsg(event.error, 'offers.failed') }) },
      },
    },
    accepted: { type: 'final' },
    ignored: { type: 'final' },
    expired: { type: 'final' },
  },
});
