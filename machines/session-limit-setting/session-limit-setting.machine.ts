import { assign, fromPromise, setup } from 'xstate';
import { failureMsg } from '../../core/failure';
import { TRADER_LIMIT_RULES } from '../../core/trader-limits';
import { notProvided } from '../shared/not-provided';
import type { SessionLimit, SessionLimitSettingContext, SessionLimitSettingEvent, SetSessionLimitRequest, SetSessionLimitResponse } from './session-limit-setting.types';

const loaded = (answer: SessionLimit) => ({
  minutes: answer.minutes,
  pending: answer.pending,
  choices: answer.choices,
  sessionEndsAt: answer.session_ends_at,
  coolingOffHours: answer.cooling_off_hours,
});

/**
 * The session-time limit on the limits page (issue 30 §1; rules in core/session-limit.ts): read
 * from the server, one of the offered limits (or none) picked and saved at once. The answer says
 * whether it is in force now (a first or shorter limit: this session's end moves, and the page's
 * session is told so it follows) or from its date (a longer one or none, after the cooling-off).
 * Only a change is sent: the limit in force again while nothing waits, or the change that already
 * waits, sends nothing (sending it again would restart its cooling-off). A failed save keeps the
 * limit in force and says so.
 */
export const sessionLimitSettingMachine = setup({
  types: {} as { context: SessionLimitSettingContext; events: SessionLimitSettingEvent },
  actors: {
    readLimit: fromPromise<SessionLimit>(notProvided('readLimit')),
    saveLimit: fromPromise<SetSessionLimitResponse, SetSessionLimitRequest>(notProvided('saveLimit')),
  },
  actions: {
    /** app effect: the page's session reads the trader again (its end may have moved) */
    told: () => {},
    take: assign((_, params: { answer: SessionLimit }) => ({ ...loaded(params.answer), error: null })),
    loadFailure: assign((_, params: { error: unknown }) => ({ error: failureMsg(params.error, 'limits.session.load_failed') })),
    pick: assign((_, params: { minutes: number | null }) => ({ picked: params.minutes, error: null })),
    takeSaved: assign(({ context }, params: { answer: SetSessionLimitResponse }) => ({
      ...loaded(params.answer.limit),
      applied: params.answer.applied,
      error: null,
      saves: context.saves + 1,
    })),
    saveFailure: assign(({ context }, params: { error: unknown }) => ({ applied: null, error: failureMsg(params.error, 'limits.session.save_failed'), saves: context.saves + 1 })),
  },
  guards: {
    /** an offered limit (or none) that changes something: not the one in force while nothing waits, not the change that waits */
    isChange: ({ context }, params: { minutes: number | null }) => {
      const offered = params.minutes === null || context.choices.includes(params.minutes);
      const inForceAlone = params.minutes === context.minutes && context.pending === null;
      const waiting = context.pending !== null && context.pending.minutes === params.minutes;
      return offered && !inForceAlone && !waiting;
    },
  },
}).createMachine({
  id: 'sessionLimitSetting',
  context: {
    minutes: null,
    pending: null,
    choices: [],
    sessionEndsAt: null,
    coolingOffHours: TRADER_LIMIT_RULES.coolingOffHours,
    picked: null,
    applied: null,
    error: null,
    saves: 0,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'readLimit',
        onDone: { target: 'ready', actions: { type: 'take', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'loadFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** it could not be read: said so, with a retry (nothing is changed blind) */
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      initial: 'idle',
      on: {
        'minutes.change': {
          guard: { type: 'isChange', params: ({ event }) => ({ minutes: event.minutes }) },
          target: 'saving',
          actions: { type: 'pick', params: ({ event }) => ({ minutes: event.minutes }) },
        },
      },
      states: {
        idle: {},
        /** saved: in force now (this session's end moved) or from its date */
        saved: {},
        /** the save failed: the limit in force stays */
        failed: {},
      },
    },
    /** one request; the select is not heard meanwhile */
    saving: {
      invoke: {
        src: 'saveLimit',
        input: ({ context }) => ({ minutes: context.picked }),
        onDone: { target: 'ready.saved', actions: [{ type: 'takeSaved', params: ({ event }) => ({ answer: event.output }) }, 'told'] },
        onError: { target: 'ready.failed', actions: { type: 'saveFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
