import { assign, enqueueActions, fromPromise, raise, sendParent, setup } from 'xstate';
import type { DocumentKind, UnshiftResponse, VerificationState } from '../../core/contract/verification';
import { failureMsg } from '../../core/failure';
import { notProvided } from '../shared/not-provided';
import { signatureMachine } from '../signature/signature.machine';
import { uploadItemMachine } from '../upload-item/upload-item.machine';
import type { DocumentsContext, DocumentsEvent, DocumentsInput, RemoveInput } from './documents.types';

/** an upload control as a child of the list: a stored document tells the list, which reads itself again */
export const uploadItemChild = uploadItemMachine.provide({
  actions: { stored: sendParent(({ context }) => ({ type: 'upload.stored', kind: context.kind })) },
});

/** the id of the upload control of one document kind (the view reads snapshot.children[uploadItemId(kind)]) */
export const uploadItemId = (kind: string): string => `upload.${kind}`;

/** the answer of the load actor (a done event's output) */
const outputOf = (event: unknown): VerificationState => (event as { output: VerificationState }).output;

const isFull = (state: VerificationState | null): boolean => state?.verification === 'Full';

/**
 * The personal page (spec 000 §5, 001 §3-8): loads what the trader must send and what
 * they sent, starts one upload control per required document (children), follows the review as
 * the server pushes it (document.updated: read again, and a notification), lets the trader take
 * back a document not yet in review, and runs the signature pad as a child while signing.
 */
export const documentsMachine = setup({
  types: {} as { context: DocumentsContext; events: DocumentsEvent; input: DocumentsInput },
  actors: {
    load: fromPromise<VerificationState>(notProvided('load')),
    remove: fromPromise<UnshiftResponse, RemoveInput>(notProvided('remove')),
    uploadItem: uploadItemChild,
    signature: signatureMachine,
  },
  actions: {
    /** app effect: a notification says what the reviewer decided (the document.updated event) */
    reviewed: () => {},
    /** app effect: the user is read again (verification, the trading block) */
    refreshUser: () => {},
    /** app effect: the page says the saved signature is in */
    signed: () => {},
    /** the control of a reviewed document puts away its last 'Upload successful': the review is the news now */
    resetItem: enqueueActions(({ context, event, enqueue }) => {
      if (event.type === 'document.updated' && context.spawned.includes(event.kind as DocumentKind)) enqueue.sendTo(uploadItemId(event.kind), { type: 'upload.reset' });
    }),
    take: assign(({ event }) => ({ state: outputOf(event), error: null })),
    spawnItems: assign(({ context, spawn }) => {
      const state = context.state;
      const missing = (state?.required ?? []).filter((kind) => kind !== 'signature' && !context.spawned.includes(kind));
      for (const kind of missing) spawn('uploadItem', { id: uploadItemId(kind), input: { kind, maxBytes: state!.maxBytes, fileMax: state!.fileMax } });
      return { spawned: [...context.spawned, ...missing] };
    }),
  },
  guards: {
    /** verification just became Full on this read */
    becameFull: ({ context, event }) => !isFull(context.state) && isFull(outputOf(event)),
  },
}).createMachine({
  id: 'documents',
  context: ({ input }) => ({ state: null, back: input.back ?? null, error: null, spawned: [] }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: 'take' },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'personal.load_error') })) },
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      type: 'parallel',
      entry: 'spawnItems',
      states: {
        list: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'documents.refresh': 'refreshing',
                'upload.stored': { target: 'refreshing', meta: { spec: ['001 §4.18'] } },
                'document.updated': {
                  target: 'refreshing',
                  actions: [
                    'reviewed',
                    'resetItem',
                  ],
                },
                'document.remove': 'removing',
              },
            },
            refreshing: {
              // news while reading (a second review, an upload) may have come after the read began:
              // read again from the start (the read in flight is dropped), so the page ends on the newest state
              on: {
                'document.updated': { target: 'refreshing', reenter: true, actions: ['reviewed', 'resetItem'] },
                'documents.refresh': { target: 'refreshing', reenter: true },
                'upload.stored': { target: 'refreshing', reenter: true },
              },
              invoke: {
                src: 'load',
                onDone: [
                  { guard: 'becameFull', target: 'idle', actions: ['take', 'spawnItems', 'refreshUser'] },
                  { target: 'idle', actions: ['take', 'spawnItems'] },
                ],
                // the last known list stays; the error is said beside it
                onError: { target: 'idle', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'personal.load_error') })) },
              },
            },
            removing: {
              invoke: {
                src: 'remove',
                input: ({ event }) => ({ kind: event.type === 'document.remove' ? event.kind : 'passport' }),
                onDone: 'refreshing',
                onError: { target: 'idle', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'personal.remove_error') })) },
              },
            },
          },
        },
        signature: {
          initial: 'shown',
          states: {
            shown: { on: { 'signature.open': 'signing' } },
            signing: {
              on: { 'signature.close': 'shown' },
              invoke: {
                id: 'signature',
                src: 'signature',
                input: { agreement: false },
                // the saved signature is read back with the list
                onDone: { target: 'shown', actions: ['signed', 'refreshUser', raise({ type: 'documents.refresh' })] },
              },
            },
          },
        },
      },
    },
  },
});
