import { assign, fromPromise, setup } from 'xstate';
import { DATA_EXPORT_RULES } from '../../core/data-export';
import { failureMsg, isCallFailure } from '../../core/failure';
import { notProvided } from '../shared/not-provided';
import type { DataExportContext, DataExportEvent, DataExportFile, DataExportJob, DataExportStatusResponse } from './data-export.types';

/** the server's refusal of a fourth export in a day */
export const isDailyLimit = (error: unknown): boolean => isCallFailure(error) && error.kind === 'http' && error.error === 'data_export.daily_limit';

/** the one download was made already, or the export expired unread: a new one must be asked for */
export const isGone = (error: unknown): boolean => isCallFailure(error) && error.kind === 'http' && error.status === 410;

/**
 * Download my data (issue 30 §9, rules in core/data-export.ts): the latest export is read first;
 * "Prepare my data" starts one (the server answers the one running if there is); while it runs the
 * status is read every DATA_EXPORT_RULES.pollMs with its progress (sections done of all); ready,
 * "Download" gets the file once (saved by the browser, `save`); a download refused as already
 * made or expired says so and offers a new export; a failed export offers to try again; the day's
 * limit (429) says when the next may start. A lost status read keeps polling.
 */
export const dataExportMachine = setup({
  types: {} as { context: DataExportContext; events: DataExportEvent },
  actors: {
    loadStatus: fromPromise<DataExportStatusResponse>(notProvided('loadStatus')),
    startExport: fromPromise<DataExportJob>(notProvided('startExport')),
    download: fromPromise<DataExportFile, { id: string }>(notProvided('download')),
  },
  actions: {
    /** app effect: the browser saves the file */
    save: (_, _params: { file: DataExportFile }) => {},
    takeJob: assign(({ context }, params: { job: DataExportJob | null }) => ({ job: params.job, error: null, answers: context.answers + 1 })),
    fail: assign(({ context }, params: { error: unknown; fallback: string }) => ({ error: failureMsg(params.error, params.fallback), answers: context.answers + 1 })),
  },
  guards: {
    isRunning: (_, params: { job: DataExportJob | null }) => params.job?.status === 'running',
    isReady: (_, params: { job: DataExportJob | null }) => params.job?.status === 'ready',
    isFailed: (_, params: { job: DataExportJob | null }) => params.job?.status === 'failed',
    isDailyLimit: (_, params: { error: unknown }) => isDailyLimit(params.error),
    isGone: (_, params: { error: unknown }) => isGone(params.error),
  },
  delays: { poll: DATA_EXPORT_RULES.pollMs },
}).createMachine({
  id: 'dataExport',
  context: { job: null, file: null, error: null, answers: 0 },
  initial: 'loading',
  states: {
    /** the latest export, read from the server */
    loading: {
      invoke: {
        src: 'loadStatus',
        onDone: [
          { guard: { type: 'isRunning', params: ({ event }) => ({ job: event.output.job }) }, target: 'preparing', actions: { type: 'takeJob', params: ({ event }) => ({ job: event.output.job }) } },
          { guard: { type: 'isReady', params: ({ event }) => ({ job: event.output.job }) }, target: 'ready', actions: { type: 'takeJob', params: ({ event }) => ({ job: event.output.job }) } },
          { guard: { type: 'isFailed', params: ({ event }) => ({ job: event.output.job }) }, target: 'failed', actions: { type: 'takeJob', params: ({ event }) => ({ job: event.output.job }) } },
          // none yet, or the last one downloaded or expired: a new one may be asked for
          { target: 'idle', actions: { type: 'takeJob', params: ({ event }) => ({ job: event.output.job }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error, fallback: 'dataExport.load_failed' }) } },
      },
    },
    loadFailed: { on: { 'export.retry': 'loading' } },
    /** nothing running: "Prepare my data" */
    idle: { on: { 'export.start': 'starting' } },
    starting: {
      invoke: {
        src: 'startExport',
        onDone: [
          { guard: { type: 'isReady', params: ({ event }) => ({ job: event.output }) }, target: 'ready', actions: { type: 'takeJob', params: ({ event }) => ({ job: event.output }) } },
          { target: 'preparing', actions: { type: 'takeJob', params: ({ event }) => ({ job: event.output }) } },
        ],
        onError: [
          { guard: { type: 'isDailyLimit', params: ({ event }) => ({ error: event.error }) }, target: 'limited', actions: { type: 'fail', params: ({ event }) => ({ error: event.error, fallback: 'data_export.daily_limit' }) } },
          { target: 'startFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error, fallback: 'dataExport.start_failed' }) } },
        ],
      },
    },
    /** the start could not be made (a lost connection, a server error): said, with Try again */
    startFailed: { on: { 'export.retry': 'starting' } },
    /** the day's exports are used: said with when the next may start (nothing to press) */
    limited: {},
    /** gathered in the background: the progress read every pollMs */
    preparing: {
      initial: 'waiting',
      states: {
        waiting: { after: { poll: 'checking' } },
        checking: {
          invoke: {
            src: 'loadStatus',
            onDone: [
              { guard: { type: 'isRunning', params: ({ event }) => ({ job: event.output.job }) }, target: 'waiting', actions: { type: 'takeJob', params: ({ event }) => ({ job: event.output.job }) } },
              { guard: { type: 'isReady', params: ({ event }) => ({ job: event.output.job }) }, target: '#dataExport.ready', actions: { type: 'takeJob', params: ({ event }) => ({ job: event.output.job }) } },
              { guard: { type: 'isFailed', params: ({ event }) => ({ job: event.output.job }) }, target: '#dataExport.failed', actions: { type: 'takeJob', params: ({ event }) => ({ job: event.output.job }) } },
              { target: '#dataExport.idle', actions: { type: 'takeJob', params: ({ event }) => ({ job: event.output.job }) } },
            ],
            // a lost read: said, and read again at the next tick
            onError: { target: 'waiting', actions: { type: 'fail', params: ({ event }) => ({ error: event.error, fallback: 'dataExport.load_failed' }) } },
          },
        },
      },
    },
    /** ready: "Download" (once) */
    ready: { on: { 'export.download': 'downloading' } },
    downloading: {
      invoke: {
        src: 'download',
        input: ({ context }) => ({ id: context.job!.id }),
        onDone: {
          target: 'downloaded',
          actions: [assign(({ context, event }) => ({ file: event.output, error: null, answers: context.answers + 1 })), { type: 'save', params: ({ event }) => ({ file: event.output }) }],
        },
        onError: [
          // already downloaded (another tab) or expired: a new export may be asked for
          { guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) }, target: 'idle', actions: { type: 'fail', params: ({ event }) => ({ error: event.error, fallback: 'data_export.downloaded' }) } },
          { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error, fallback: 'dataExport.download_failed' }) } },
        ],
      },
    },
    /** saved; the server no longer holds it. A new export may be asked for */
    downloaded: { on: { 'export.start': 'starting' } },
    /** the export failed on the server: Try again starts a new one */
    failed: { on: { 'export.retry': 'starting' } },
  },
});
