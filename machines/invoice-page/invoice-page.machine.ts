import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { invoiceMachine } from '../invoice/invoice.machine';
import { failureMsg, isCallFailure } from '../../core/failure';
import type { ExceptionChoice, InvoicePageContext, InvoicePageEvent, InvoicePageInput, LoadedInvoice, SandboxKind } from './invoice-page.types';

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`);
};

/**
 * The invoice page (spec 001 §2 /api/{coin}/invoice/{guid}; 002 §2): loads the invoice, then
 * runs the invoice machine as a child with the server's expiry; pushed updates reach the child
 * at once. A closed invoice's short, late or over payments are answered here: a refund claimed to
 * the trader's address, an over-payment credited. In sandbox mode a tester pays or expires the
 * invoice from the page.
 */
export const invoicePageMachine = setup({
  types: {} as { context: InvoicePageContext; events: InvoicePageEvent; input: InvoicePageInput; children: { invoice: 'invoice' } },
  actors: {
    loadInvoice: fromPromise<LoadedInvoice, { guid: string }>(notProvided('loadInvoice')),
    invoice: invoiceMachine,
    /** the server's invoice.updated events for this invoice, sent back as server.invoice */
    serverEvents: fromCallback<InvoicePageEvent, { guid: string }>(() => () => {}),
    sandboxSend: fromPromise<unknown, { guid: string; kind: SandboxKind }>(notProvided('sandboxSend')),
    /** POST /api/crypto/exceptions/{id}: credit an over-payment or claim a refund */
    resolveException: fromPromise<unknown, ExceptionChoice>(notProvided('resolveException')),
  },
  guards: {
    isNotFound: (_, error: unknown) => isCallFailure(error) && error.kind === 'http' && error.status === 404,
    /** the refused choice was a refund claim: its form stays open with the address */
    wasClaim: ({ context }) => context.choice?.choice === 'refund',
  },
}).createMachine({
  id: 'invoicePage',
  context: ({ input }) => ({ coin: input.coin, guid: input.guid, loaded: null, error: null, sandboxError: null, sandboxKind: null, claimId: null, claimAddress: '', claimError: null, choice: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadInvoice',
        input: ({ context }) => ({ guid: context.guid }),
        onDone: { target: 'ready', actions: assign({ loaded: ({ event }) => event.output, error: null }) },
        onError: [
          { guard: { type: 'isNotFound', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'notFound' },
          { target: 'failed', actions: assign({ error: ({ event }) => failureMsg(event.error, 'crypto.load_failed') }) },
        ],
      },
    },
    /** the invoice could not be loaded (network, server): say so and offer a retry */
    failed: {
      on: { 'page.retry': 'loading' },
    },
    /** no such invoice, or another trader's */
    notFound: { type: 'final' },
    ready: {
      type: 'parallel',
      invoke: [
        {
          id: 'invoice',
          src: 'invoice',
          input: ({ context }) => {
            const loaded = context.loaded!;
            return { coin: context.coin, guid: context.guid, expiresAt: loaded.expiresAt, now: loaded.now, status: loaded.invoice.status, voucher: loaded.invoice.voucher };
          },
        },
        { src: 'serverEvents', input: ({ context }) => ({ guid: context.guid }) },
      ],
      on: {
        'server.invoice': { actions: sendTo('invoice', { type: 'invoice.push' }) },
      },
      states: {
        sandbox: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'sandbox.send': { target: 'sending', actions: assign({ sandboxKind: ({ event }) => event.kind, sandboxError: null }) },
              },
            },
            sending: {
              invoke: {
                src: 'sandboxSend',
                input: ({ context }) => ({ guid: context.guid, kind: context.sandboxKind ?? 'full' }),
                // the server pushes the change; asking at once covers a lost push
                onDone: { target: 'idle', actions: sendTo('invoice', { type: 'invoice.push' }) },
                onError: { target: 'idle', actions: assign({ sandboxError: ({ event }) => failureMsg(event.error, 'crypto.sandbox_failed') }) },
              },
            },
          },
        },
        /** a short, late or over payment: the trader claims its refund to an address, or has an over-payment credited */
        exceptions: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'claim.open': { target: 'editing', actions: assign({ claimId: ({ event }) => event.id, claimAddress: '', claimError: null }) },
                'exception.credit': { target: 'sending', actions: assign({ choice: ({ event }) => ({ id: event.id, choice: 'credit' as const, address: '' }), claimError: null }) },
              },
            },
            editing: {
              on: {
                'claim.address': { actions: assign({ claimAddress: ({ event }) => event.value, claimError: null }) },
                'claim.cancel': { target: 'idle', actions: assign({ claimId: null, claimAddress: '', claimError: null }) },
                'claim.submit': { target: 'sending', actions: assign({ choice: ({ context }) => ({ id: context.claimId ?? '', choice: 'refund' as const, address: context.claimAddress }), claimError: null }) },
              },
            },
            sending: {
              invoke: {
                src: 'resolveException',
                input: ({ context }) => context.choice!,
                // the invoice is checked again at once (the server pushes it too): the exception shows its new state
                onDone: { target: 'idle', actions: [assign({ claimId: null, claimAddress: '', choice: null }), sendTo('invoice', { type: 'invoice.push' })] },
                onError: [
                  { guard: 'wasClaim', target: 'editing', actions: assign({ claimError: ({ event }) => failureMsg(event.error, 'crypto.exception_failed'), choice: null }) },
                  { target: 'idle', actions: assign({ claimError: ({ event }) => failureMsg(event.error, 'crypto.exception_failed'), choice: null }) },
                ],
              },
            },
          },
        },
      },
    },
  },
});
