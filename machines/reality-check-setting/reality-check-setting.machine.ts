import { assign, fromPromise, setup } from 'xstate';
import { failureMsg } from '../../core/failure';
import { notProvided } from '../shared/not-provided';
import type { RealityCheck, RealityCheckSettingContext, RealityCheckSettingEvent, SetRealityCheckRequest } from './reality-check-setting.types';

const loaded = (answer: RealityCheck) => ({ minutes: answer.minutes, chosen: answer.chosen, choices: answer.choices });

/**
 * The reality check's interval (issue 30 §2; rules in core/reality-check.ts), on the limits page:
 * read from the server (the trader's choice, or their country's default), one of the offered
 * intervals picked and saved at once (POST; only an offered interval other than the one in force
 * is sent); the answer is told to the running reality check (`told`), so the open session follows
 * it at once. A failed save keeps the interval in force and says so.
 */
export const realityCheckSettingMachine = setup({
  types: {} as { context: RealityCheckSettingContext; events: RealityCheckSettingEvent },
  actors: {
    readSetting: fromPromise<RealityCheck>(notProvided('readSetting')),
    saveSetting: fromPromise<RealityCheck, SetRealityCheckRequest>(notProvided('saveSetting')),
  },
  actions: {
    /** app effect: the running reality check takes the new interval */
    told: (_, _params: { answer: RealityCheck }) => {},
    take: assign((_, params: { answer: RealityCheck }) => ({ ...loaded(params.answer), error: null })),
    loadFailure: assign((_, params: { error: unknown }) => ({ error: failureMsg(params.error, 'reality.setting.load_failed') })),
    pick: assign((_, params: { minutes: number }) => ({ picked: params.minutes, error: null })),
    takeSaved: assign(({ context }, params: { answer: RealityCheck }) => ({ ...loaded(params.answer), picked: null, error: null, saves: context.saves + 1 })),
    saveFailure: assign(({ context }, params: { error: unknown }) => ({ picked: null, error: failureMsg(params.error, 'reality.setting.save_failed'), saves: context.saves + 1 })),
  },
  guards: {
    /** an offered interval other than the one in force */
    isNewChoice: ({ context }, params: { minutes: number }) => context.choices.includes(params.minutes) && params.minutes !== context.minutes,
  },
}).createMachine({
  id: 'realityCheckSetting',
  context: { minutes: 0, chosen: false, choices: [], picked: null, error: null, saves: 0 },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'readSetting',
        onDone: { target: 'ready', actions: { type: 'take', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'loadFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** it could not be read: said so, with a retry */
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      initial: 'idle',
      on: {
        'minutes.change': {
          guard: { type: 'isNewChoice', params: ({ event }) => ({ minutes: event.minutes }) },
          target: 'saving',
          actions: { type: 'pick', params: ({ event }) => ({ minutes: event.minutes }) },
        },
      },
      states: {
        idle: {},
        /** saved: in force at once (the open session follows it) */
        saved: {},
        /** the save failed: the interval in force stays */
        failed: {},
      },
    },
    /** one request; the select is not heard meanwhile */
    saving: {
      invoke: {
        src: 'saveSetting',
        input: ({ context }) => ({ minutes: context.picked ?? context.minutes }),
        onDone: {
          target: 'ready.saved',
          actions: [
            { type: 'takeSaved', params: ({ event }) => ({ answer: event.output }) },
            { type: 'told', params: ({ event }) => ({ answer: event.output }) },
          ],
        },
        onError: { target: 'ready.failed', actions: { type: 'saveFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
