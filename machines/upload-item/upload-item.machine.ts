import { assign, fromCallback, setup } from 'xstate';
import { failureMsg } from '../../core/failure';
import { msg } from '../../core/message';
import { UPLOAD_MIMES } from '../../core/upload';
import type { ChosenFile, UploadInput, UploadItemContext, UploadItemEvent, UploadItemInput } from './upload-item.types';

/** what the control takes, by name or declared type (spec 001 §5); the server decides by content */
export const ACCEPTED_EXTENSIONS = ['png', 'jpg', 'jpeg', 'pdf'] as const;
const ACCEPTED_TYPES: readonly string[] = UPLOAD_MIMES;

/** PNG, JPG, JPEG or PDF by its name or declared type (a renamed file passes here; the server reads the content) */
export function looksAccepted(file: Pick<ChosenFile, 'name' | 'type'>): boolean {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  return (ACCEPTED_EXTENSIONS as readonly string[]).includes(extension) || ACCEPTED_TYPES.includes(file.type);
}

const firstFile = (event: UploadItemEvent): ChosenFile | undefined => (event.type === 'files.chosen' ? event.files[0] : undefined);

/**
 * One document's upload control (spec 000 §5 upload scan item, §8 upload item): a file chosen
 * (extras beyond file-max ignored with a message), checked for size and type before anything is
 * sent, then uploading with the progress of the upload itself, cancellable; success or an error
 * with a retry. A 401 logs out (001 §6). The callback actor `upload` is provided by src/flows.
 */
export const uploadItemMachine = setup({
  types: {} as { context: UploadItemContext; events: UploadItemEvent; input: UploadItemInput },
  actors: {
    /** sends upload.progress, then upload.done or upload.failed; stopping it aborts the upload */
    upload: fromCallback<UploadItemEvent, UploadInput>(() => () => {}),
  },
  actions: {
    /** app effect: the user and the list are read again (a stored document lifts the trading block) */
    uploaded: () => {},
    /** to the parent (the document list) when composed; nothing alone */
    stored: () => {},
    /** app effect: a 401 ends the session */
    logout: () => {},
    choose: assign(({ context, event }) => {
      const files = event.type === 'files.chosen' ? event.files : [];
      return {
        file: files[0] ?? null,
        loaded: 0,
        total: files[0]?.size ?? 0,
        error: null,
        document: null,
        retryable: false,
        notice: files.length > context.fileMax ? msg('upload.extra_ignored', undefined, { max: context.fileMax }) : null,
      };
    }),
  },
  guards: {
    noFile: ({ event }) => firstFile(event) === undefined,
    tooLarge: ({ context, event }) => (firstFile(event)?.size ?? 0) > context.maxBytes,
    wrongType: ({ event }) => !looksAccepted(firstFile(event)!),
    emptyFile: ({ event }) => firstFile(event)?.size === 0,
    /** the same file may go again: the send failed (network, server error, too many) rather than the file */
    canRetry: ({ context }) => context.retryable && context.file !== null,
    unauthorized: ({ event }) => event.type === 'upload.failed' && event.error.kind === 'http' && event.error.status === 401,
  },
}).createMachine({
  id: 'uploadItem',
  context: ({ input }) => ({
    kind: input.kind,
    target: input.target ?? '',
    maxBytes: input.maxBytes,
    fileMax: Math.max(1, input.fileMax ?? 1),
    file: null,
    loaded: 0,
    total: 0,
    document: null,
    error: null,
    retryable: false,
    notice: null,
  }),
  initial: 'waiting',
  states: {
    waiting: {
      initial: 'idle',
      on: {
        'files.chosen': [
          { guard: 'noFile' },
          { guard: 'emptyFile', target: '.error', actions: ['choose', assign({ error: () => msg('upload.empty') })] },
          { guard: 'tooLarge', target: '.error', meta: { spec: ['001 §5.15', '001 §8.11', '001 §9.12'] }, actions: ['choose', assign({ error: () => msg('upload.too_large') })] },
          { guard: 'wrongType', target: '.error', meta: { spec: ['000 §5.9', '001 §5.14'] }, actions: ['choose', assign({ error: () => msg('upload.type') })] },
          { target: 'uploading', meta: { spec: ['000 §4.23', '000 §5.10'] }, actions: 'choose' },
        ],
      },
      states: {
        idle: {},
        success: { on: { 'upload.reset': { target: 'idle', actions: assign({ document: null, file: null, notice: null }) } } },
        error: {
          on: {
            // a retry sends the same file again; one refused before sending must be chosen again
            'upload.retry': { guard: 'canRetry', target: '#uploadItem.uploading' },
            'upload.reset': { target: 'idle', actions: assign({ error: null, file: null, notice: null }) },
          },
        },
      },
    },
    uploading: {
      entry: assign({ loaded: 0, error: null }),
      invoke: { src: 'upload', input: ({ context }) => ({ kind: context.kind, target: context.target, file: context.file! }) },
      on: {
        'upload.progress': { actions: assign(({ event }) => ({ loaded: event.loaded, total: event.total })) },
        'upload.done': { target: 'waiting.success', meta: { spec: ['000 §4.23', '001 §8.9'] }, actions: [assign(({ context, event }) => ({ document: event.document, loaded: context.total })), 'stored', 'uploaded'] },
        'upload.failed': [
          { guard: 'unauthorized', target: 'waiting.idle', meta: { spec: ['001 §8.12'] }, actions: [assign({ file: null }), 'logout'] },
          {
            target: 'waiting.error',
            meta: { spec: ['000 §4.23', '000 §8.12', '001 §8.10'] },
            actions: assign(({ event }) => ({
              error: failureMsg(event.error, 'upload.error'),
              retryable: event.error.kind === 'network' || event.error.status >= 500 || event.error.status === 429,
            })),
          },
        ],
        // leaving the state stops the actor, which aborts the request: nothing is kept
        'upload.cancel': { target: 'waiting.idle', actions: assign({ file: null, loaded: 0, notice: () => msg('upload.cancelled') }) },
      },
    },
  },
});
