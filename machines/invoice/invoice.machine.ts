import { assign, fromPromise, setup } from 'xstate';
import type { InvoiceCheck, InvoiceContext, InvoiceEvent, InvoiceInput } from './invoice.types';

/** what the time until expiry is measured from: the countdown starts this long after the page loads */
export const COUNTDOWN_START_DELAY_MS = 300;

/** In a closed invoice (paid or expired): no polling, but a pushed change is fetched once and recorded, and the balance reloaded. */
const closedUpdates = {
  initial: 'settled' as const,
  states: {
    settled: { on: { 'invoice.push': 'refreshing' as const } },
    refreshing: {
      // a push while a check is out (the exception recorded, then credited a moment later): the check starts again, so the newer change is not dropped
      on: { 'invoice.push': { target: 'refreshing' as const, reenter: true } },
      invoke: {
        src: 'checkInvoice' as const,
        input: ({ context }: { context: InvoiceContext }) => ({ coin: context.coin, guid: context.guid }),
        // a closed invoice's change may be an exception credited (a short, late or over payment): the balance follows
        onDone: { target: 'settled' as const, actions: [{ type: 'recordClosed' as const, params: ({ event }: { event: { output: InvoiceCheck } }) => event.output }, 'broadcastUserUpdate' as const] },
        onError: { target: 'settled' as const },
      },
    },
  },
};

/**
 * One crypto invoice, for every coin (spec 000 §4, 001 §4, 002 §4): wt → su | ex. Polled every
 * 60 s while waiting (for ETH too, polling only while wt), checked at once on a pushed event,
 * and once more when the countdown to the server's expiry ends. Polling stops at su or ex.
 */
export const invoiceMachine = setup({
  types: {} as { context: InvoiceContext; events: InvoiceEvent; input: InvoiceInput },
  actors: {
    checkInvoice: fromPromise<InvoiceCheck, { coin: string; guid: string }>(async () => {
      throw new Error('checkInvoice not provided');
    }),
  },
  actions: {
    /** app effect: the voucher finish page */
    goToVoucherFinish: () => {},
    /** app effect: a paid invoice changed the balance; the current user is reloaded (spec 000 §4: success broadcasts a user update) */
    broadcastUserUpdate: () => {},
    /** a closed invoice keeps its status; only what was received is updated */
    recordClosed: assign(({ context }, check: InvoiceCheck) => ({
      paid: check.paid ?? context.paid,
      late: check.late ?? context.late,
      hash: check.hash ?? context.hash,
      pending: check.pending ?? context.pending,
      confirming: check.confirming ?? context.confirming,
      exceptions: check.exceptions ?? context.exceptions,
    })),
    record: assign(({ context }, check: InvoiceCheck) => ({
      status: check.status,
      paid: check.paid ?? '0',
      due: check.due ?? '',
      late: check.late ?? context.late,
      hash: check.hash ?? context.hash,
      uri: check.uri ?? context.uri,
      pending: check.pending ?? context.pending,
      confirming: check.confirming ?? context.confirming,
      exceptions: check.exceptions ?? context.exceptions,
    })),
  },
  guards: {
    isStatus: (_, params: { status: string; expected: string }) => params.status === params.expected,
    isVoucher: ({ context }) => context.voucher,
  },
  delays: {
    countdownStartDelay: COUNTDOWN_START_DELAY_MS,
    invoicePoll: 60_000,
    untilExpiry: ({ context }) => Math.max(0, context.expiresAt - context.startedAt),
  },
}).createMachine({
  id: 'invoice',
  context: ({ input }) => ({
    coin: input.coin,
    guid: input.guid,
    expiresAt: input.expiresAt,
    startedAt: input.now + COUNTDOWN_START_DELAY_MS,
    status: input.status ?? 'wt',
    voucher: input.voucher ?? false,
    paid: '0',
    due: '',
    late: '',
    hash: '',
    uri: '',
    pending: '',
    confirming: 0,
    exceptions: null,
  }),
  initial: 'boot',
  states: {
    boot: {
      always: [
        { guard: { type: 'isStatus', params: ({ context }) => ({ status: context.status, expected: 'su' }) }, target: 'paid', meta: { spec: ['000 §4.21', '001 §4.1', '002 §4.3'] } },
        { guard: { type: 'isStatus', params: ({ context }) => ({ status: context.status, expected: 'ex' }) }, target: 'expired', meta: { spec: ['000 §4.21', '001 §4.1', '002 §4.3'] } },
        { target: 'starting', meta: { spec: ['002 §4.1'] } },
      ],
    },
    starting: {
      after: { countdownStartDelay: { target: 'waiting', meta: { spec: ['002 §4.4', '002 §9.1'] } } },
      on: { 'invoice.push': 'waiting.checking' },
    },
    /** the countdown runs on this state, which a check never re-enters */
    waiting: {
      initial: 'idle',
      after: { untilExpiry: { target: 'finalCheck', meta: { spec: ['001 §4.4', '002 §4.2', '000 §9.12', '001 §9.6', '002 §9.1'] } } },
      states: {
        idle: {
          after: { invoicePoll: { target: 'checking', meta: { spec: ['001 §4.2', '001 §4.3', '002 §4.2', '000 §9.12', '001 §9.6', '002 §9.1'] } } },
          on: { 'invoice.push': 'checking' },
        },
        checking: {
          // a push while a check is out: ask again (what the running check read may already be old)
          on: { 'invoice.push': { target: 'checking', reenter: true } },
          invoke: {
            src: 'checkInvoice',
            input: ({ context }) => ({ coin: context.coin, guid: context.guid }),
            onDone: [
              { guard: { type: 'isStatus', params: ({ event }) => ({ status: event.output.status, expected: 'su' }) }, target: '#invoice.paid', meta: { spec: ['000 §4.21', '001 §4.1', '001 §4.2', '002 §4.3'] }, actions: { type: 'record', params: ({ event }) => event.output } },
              { guard: { type: 'isStatus', params: ({ event }) => ({ status: event.output.status, expected: 'ex' }) }, target: '#invoice.expired', meta: { spec: ['000 §4.21', '001 §4.1', '001 §4.2', '002 §4.3'] }, actions: { type: 'record', params: ({ event }) => event.output } },
              { target: 'idle', actions: { type: 'record', params: ({ event }) => event.output } },
            ],
            // a failed check keeps waiting; the next poll tries again
            onError: { target: 'idle' },
          },
        },
      },
    },
    /** the countdown ended: one status check (spec) */
    finalCheck: {
      invoke: {
        src: 'checkInvoice',
        input: ({ context }) => ({ coin: context.coin, guid: context.guid }),
        onDone: [
          { guard: { type: 'isStatus', params: ({ event }) => ({ status: event.output.status, expected: 'su' }) }, target: 'paid', meta: { spec: ['001 §4.4', '002 §4.2', '002 §4.3'] }, actions: { type: 'record', params: ({ event }) => event.output } },
          { guard: { type: 'isStatus', params: ({ event }) => ({ status: event.output.status, expected: 'ex' }) }, target: 'expired', meta: { spec: ['001 §4.4', '002 §4.2', '002 §4.3'] }, actions: { type: 'record', params: ({ event }) => event.output } },
          // the server has not closed it yet (clock skew, a payment being confirmed): keep asking
          { target: 'overdue', actions: { type: 'record', params: ({ event }) => event.output } },
        ],
        onError: { target: 'overdue' },
      },
    },
    overdue: {
      after: { invoicePoll: 'finalCheck' },
      on: { 'invoice.push': 'finalCheck' },
    },
    /** polling has stopped; a pushed change (a late or extra payment) is still fetched and shown */
    paid: {
      entry: [assign({ status: 'su' }), 'broadcastUserUpdate'],
      always: { guard: 'isVoucher', target: 'voucherFinished', meta: { spec: ['000 §4.22'] } },
      ...closedUpdates,
    },
    voucherFinished: {
      type: 'final',
      entry: 'goToVoucherFinish',
    },
    /** polling has stopped; a payment arriving after expiry is pushed, fetched and explained */
    expired: {
      // a short payment may have been credited at expiry (core/crypto-exceptions.ts): the balance follows
      entry: [assign({ status: 'ex' }), 'broadcastUserUpdate'],
      ...closedUpdates,
    },
  },
});
