import { assertEvent, assign, fromCallback, setup } from 'xstate';
import { failureMsg } from '../../core/failure';
import { msg } from '../../core/message';
import { STATEMENT_RULES, statementRangeError } from '../../core/statement';
import type { StatementContext, StatementEvent, StatementRequest } from './statement.types';

/** the request a download event carries (the only event the guard and actions that read it run on) */
function requestOf(event: StatementEvent): StatementRequest {
  assertEvent(event, 'statement.download');
  return { format: event.format, from: event.from, to: event.to, lang: event.lang };
}

/**
 * A statement of the trader's money for the History page's range (issue 30 §9, rules in
 * core/statement.ts): CSV or PDF asked for; a range the rules refuse (backwards, more than 366
 * days) is said at once and nothing is asked; else the file is made by the server and received
 * with its progress (the callback actor `download`, provided by src/flows/statement), then saved
 * (`save`) and kept so the page can save it again; a failure says why with a retry of the same
 * request; a download in progress can be cancelled (stopping the actor aborts it). A new statement
 * lets the last one go (`release`).
 */
export const statementMachine = setup({
  types: {} as { context: StatementContext; events: StatementEvent },
  actors: {
    /** sends statement.progress, then statement.ready or statement.failed; stopping it aborts the download */
    download: fromCallback<StatementEvent, StatementRequest>(() => () => {}),
  },
  actions: {
    /** app effect: the file is saved (the browser's download) */
    save: (_, _params: { name: string; url: string }) => {},
    /** app effect: the last file made (context.file) is let go: its URL revoked */
    release: () => {},
    refuseRange: assign(({ context, event }) => {
      const request = requestOf(event);
      return { error: msg(statementRangeError(request.from, request.to)!, undefined, { days: STATEMENT_RULES.maxDays }), answers: context.answers + 1 };
    }),
    takeRequest: assign(({ event }) => ({ request: requestOf(event), file: null, error: null })),
  },
  guards: {
    isRangeRefused: ({ event }) => {
      const request = requestOf(event);
      return statementRangeError(request.from, request.to) !== null;
    },
  },
}).createMachine({
  id: 'statement',
  context: { request: null, received: 0, total: null, file: null, error: null, answers: 0 },
  initial: 'waiting',
  states: {
    /** a new statement may be asked for from any of these: not while one is being made */
    waiting: {
      initial: 'idle',
      on: {
        'statement.download': [
          { guard: 'isRangeRefused', target: '.invalid', actions: 'refuseRange' },
          { target: 'preparing', actions: ['release', 'takeRequest'] },
        ],
      },
      states: {
        idle: {},
        /** the range the rules refuse: said, nothing asked */
        invalid: {},
        /** made and saved; it can be saved again from the page */
        ready: {},
        failed: { on: { 'statement.retry': '#statement.preparing' } },
      },
    },
    preparing: {
      entry: assign({ received: 0, total: null, error: null }),
      invoke: { src: 'download', input: ({ context }) => context.request! },
      on: {
        'statement.progress': { actions: assign(({ event }) => ({ received: event.received, total: event.total })) },
        'statement.ready': {
          target: 'waiting.ready',
          actions: [
            assign(({ context, event }) => ({ file: event.file, received: event.file.bytes, answers: context.answers + 1 })),
            { type: 'save', params: ({ event }) => ({ name: event.file.name, url: event.file.url }) },
          ],
        },
        'statement.failed': {
          target: 'waiting.failed',
          actions: assign(({ context, event }) => ({ error: failureMsg(event.error, 'statement.failed'), answers: context.answers + 1 })),
        },
        // leaving the state stops the actor, which aborts the download
        'statement.cancel': { target: 'waiting.idle' },
      },
    },
  },
});
