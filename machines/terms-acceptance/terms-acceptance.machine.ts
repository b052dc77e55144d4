import { assign, fromPromise, setup } from 'xstate';
import { failureMsg, isCallFailure } from '../../core/failure';
import { msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type { AcceptInput, LegalStatus, TermsAcceptanceContext, TermsAcceptanceEvent, TermsAcceptanceInput, TermsShown } from './terms-acceptance.types';

/** a status that could not be read is read again a minute later */
export const STATUS_RETRY_MS = 60_000;

/** the documents to accept from a status: the outdated ones at their current versions */
export const shownOf = (status: LegalStatus): TermsShown[] =>
  status.documents.filter((d) => status.outdated.includes(d.document)).map((d) => ({ document: d.document, version: d.version, effective: d.effective }));

/**
 * A new version of a legal document asks again (issue 30 §5, docs/legal-documents.md): after
 * sign-in the trader's accepted versions are read; when a document's current version is newer, the
 * dialog asks the attention arbiter (mandatory: it never covers a money flow, which holds it) and,
 * granted, shows what changed and the document in full. "I have read and accept" sends exactly the
 * versions shown; one published meanwhile is refused by the server (`legal.outdated`) and the
 * dialog reads and shows the new one. "Later" closes it: deposits and trading stay locked
 * (`terms_outdated`) and the Documents page (#/show/terms, `page`) shows the same at once.
 */
export const termsAcceptanceMachine = setup({
  types: {} as { context: TermsAcceptanceContext; events: TermsAcceptanceEvent; input: TermsAcceptanceInput },
  actors: {
    readStatus: fromPromise<LegalStatus>(notProvided('readStatus')),
    accept: fromPromise<LegalStatus, AcceptInput>(notProvided('accept')),
  },
  actions: {
    /** app effect: ask the attention arbiter for the dialog (mandatory, kind terms) */
    askAttention: () => {},
    /** app effect: the dialog is gone: the arbiter may show what waits */
    releaseAttention: () => {},
    /** app effect: the documents are accepted (the cashier's locks and a put-off dialog read again) */
    announceAccepted: () => {},
    takeStatus: assign((_, status: LegalStatus) => ({ status, shown: shownOf(status) })),
  },
  guards: {
    hasOutdated: (_, status: LegalStatus) => status.outdated.length > 0,
    onPage: ({ context }) => context.page,
    /** a version shown is no longer the current one */
    isOutdated: (_, error: unknown) => isCallFailure(error) && error.kind === 'http' && error.error === 'legal.outdated',
  },
  delays: { statusRetry: STATUS_RETRY_MS },
}).createMachine({
  id: 'termsAcceptance',
  context: ({ input }) => ({ page: input.page === true, status: null, shown: [], error: null }),
  initial: 'reading',
  states: {
    reading: {
      invoke: {
        src: 'readStatus',
        onDone: [
          { guard: { type: 'hasOutdated', params: ({ event }) => event.output }, target: 'due', actions: { type: 'takeStatus', params: ({ event }) => event.output } },
          { target: 'current', actions: { type: 'takeStatus', params: ({ event }) => event.output } },
        ],
        onError: { target: 'unread', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'legal.load_failed') })) },
      },
    },
    /** the status could not be read: again a minute later, or at once by Try again */
    unread: {
      after: { statusRetry: { target: 'reading', actions: assign({ error: null }) } },
      on: { retry: { target: 'reading', actions: assign({ error: null }) } },
    },
    /** every current version is accepted: nothing to ask */
    current: {
      on: { recheck: 'reading' },
    },
    due: {
      always: [{ guard: 'onPage', target: 'shown' }, { target: 'asking' }],
    },
    /** the arbiter is asked (a money flow on screen holds it until the flow ends) */
    asking: {
      entry: 'askAttention',
      on: { 'attention.granted': 'shown' },
    },
    /** what changed and the documents in full, with "I have read and accept" */
    shown: {
      initial: 'reading',
      on: { later: { target: 'postponed', actions: ['releaseAttention', assign({ error: null })] } },
      states: {
        reading: {
          on: { accept: { target: 'accepting', actions: assign({ error: null }) } },
        },
        accepting: {
          invoke: {
            src: 'accept',
            input: ({ context }) => ({ accepted: context.shown.map((s) => ({ document: s.document, version: s.version })) }),
            onDone: { target: '#termsAcceptance.accepted', actions: [{ type: 'takeStatus', params: ({ event }) => event.output }, 'releaseAttention', 'announceAccepted'] },
            onError: [
              { guard: { type: 'isOutdated', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'rereading', actions: assign({ error: msg('legal.outdated') }) },
              { target: 'reading', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'legal.accept_failed') })) },
            ],
          },
        },
        /** a newer version was published meanwhile: it is read and shown before anything is accepted */
        rereading: {
          invoke: {
            src: 'readStatus',
            onDone: [
              { guard: { type: 'hasOutdated', params: ({ event }) => event.output }, target: 'reading', actions: { type: 'takeStatus', params: ({ event }) => event.output } },
              { target: '#termsAcceptance.accepted', actions: [{ type: 'takeStatus', params: ({ event }) => event.output }, 'releaseAttention', 'announceAccepted'] },
            ],
            onError: { target: 'reading', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'legal.load_failed') })) },
          },
        },
      },
    },
    /** Later: closed; the lock stays until the documents are accepted (here again after a recheck, or on the Documents page) */
    postponed: {
      on: { recheck: 'reading' },
    },
    /** accepted: deposits and trading are open again (its own news of the acceptance changes nothing here) */
    accepted: {},
  },
});
