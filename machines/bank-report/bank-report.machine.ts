import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { BankDeposit } from '../../core/contract/deposits-offline';
import { compareDecimal, isDecimal, normalizeDecimal } from '../../core/decimal';
import { isCallFailure } from '../../core/failure';
import { msg, type Msg } from '../../core/message';
import { UPLOAD_MAX_BYTES } from '../../core/upload';
import { notProvided } from '../shared/not-provided';
import { uploadItemMachine } from '../upload-item/upload-item.machine';
import type { PagePayment } from '../funding/payment';
import type { BankReportContext, BankReportEvent, BankReportInput, ReportInput } from './bank-report.types';

/** the receipt's upload control, telling this machine when the receipt is stored */
export const receiptItemChild = uploadItemMachine.provide({
  actions: { stored: sendParent(({ context }) => ({ type: 'receipt.stored', document: context.document! })) },
});
/** the id of the receipt's upload control (the view reads snapshot.children[RECEIPT_ID]) */
export const RECEIPT_ID = 'receipt';
/** as the server takes (spec 001 §9): the one upload size of core/upload.ts */
export const RECEIPT_MAX_BYTES = UPLOAD_MAX_BYTES;
/** the server pushes bank.updated; this is the fallback check while a transfer is pending */
export const BANK_POLL_MS = 15_000;

const isAmount = (value: string): boolean => isDecimal(value, { whole: 12, decimals: 2 }) && compareDecimal(value, '0') > 0;
/** the amount a report announces: the funding page's amount line's */
const reportedAmount = (e: { payment: PagePayment }): string => normalizeDecimal(e.payment.amount);

/** A refusal of the report: the server's key and message ('Wrong amount! Min deposit {min}'), or the generic one. */
function reportFailure(error: unknown, context: BankReportContext): Msg {
  if (isCallFailure(error) && error.kind === 'http' && error.status < 500) {
    // the server's minimum (the trader's group may differ from the settings' one) is in its message
    const min = /Min deposit (\S+)/.exec(error.message)?.[1] ?? context.minDeposit;
    return msg(error.error, error.message || undefined, /min_deposit$/.test(error.error) ? { min } : error.params);
  }
  return msg('bank.report_failed');
}

/**
 * The bank transfer and fiat tabs (spec 001 §5, §7, §9): the funding page's amount line (its
 * amount, at least the minimum: 'Wrong amount! Min deposit {min}'; the bonus and the checked promo
 * code go with the report), the report, then the pending transfer with its
 * reference and bank details and the receipt's upload control as a child; the server's push
 * (bank.updated) or the fallback check turns it received. A pending transfer is shown again after
 * a reload (the open list).
 */
export const bankReportMachine = setup({
  types: {} as { context: BankReportContext; events: BankReportEvent; input: BankReportInput },
  actors: {
    loadOpen: fromPromise<BankDeposit[], { method: 'bank' | 'fiat' }>(notProvided('loadOpen')),
    report: fromPromise<BankDeposit, ReportInput>(notProvided('report')),
    loadDeposit: fromPromise<BankDeposit, { id: string }>(notProvided('loadDeposit')),
    receiptItem: receiptItemChild,
  },
  actions: {
    /** app effect: the balance changed; the current user is read again */
    refreshUser: () => {},
    refuse: assign((_, params: { error: Msg; shakes: number }) => ({ error: params.error, shakes: params.shakes + 1 })),
  },
  guards: {
    hasOpen: (_, params: { open: readonly BankDeposit[] }) => params.open.length > 0,
    isWrongAmount: (_, e: { payment: PagePayment }) => !isAmount(reportedAmount(e)),
    isBelowMinimum: ({ context }, e: { payment: PagePayment }) => compareDecimal(reportedAmount(e), context.minDeposit) < 0,
    isThisDeposit: ({ context, event }) => event.type === 'bank.updated' && event.id === context.deposit?.id,
    wasReceived: (_, params: { deposit: BankDeposit }) => params.deposit.status === 'received',
  },
  delays: { bankPoll: BANK_POLL_MS },
}).createMachine({
  id: 'bankReport',
  context: ({ input }) => ({
    method: input.method,
    currency: input.currency,
    minDeposit: input.minDeposit,
    keySeed: input.keySeed,
    reports: 0,
    // spec 001 §9: bank and others default to 250 (or the trader's higher minimum)
    amount: compareDecimal(input.minDeposit, '250') > 0 ? input.minDeposit : '250',
    bonus: false,
    promo: '',
    deposit: null,
    error: null,
    shakes: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadOpen',
        src: 'loadOpen',
        input: ({ context }) => ({ method: context.method }),
        onDone: [
          { guard: { type: 'hasOpen', params: ({ event }) => ({ open: event.output }) }, target: 'pending', actions: assign({ deposit: ({ event }) => event.output[0]! }) },
          { target: 'editing' },
        ],
        // the open list is a convenience: without it the form is still there
        onError: { target: 'editing' },
      },
    },
    editing: {
      on: {
        'report.submit': [
          { guard: { type: 'isWrongAmount', params: ({ event }) => event }, actions: { type: 'refuse', params: ({ context }) => ({ error: msg('bank.wrong_amount'), shakes: context.shakes }) } },
          {
            guard: { type: 'isBelowMinimum', params: ({ event }) => event },
            actions: { type: 'refuse', params: ({ context }) => ({ error: msg('bank.min_deposit', undefined, { min: context.minDeposit }), shakes: context.shakes }) },
          },
          {
            target: 'reporting',
            // the page's amount, bonus and checked promo code go with this report (the bonus the line showed)
            actions: assign(({ event }) => ({ amount: reportedAmount(event), bonus: event.payment.bonus, promo: event.payment.promo, error: null })),
          },
        ],
      },
    },
    reporting: {
      invoke: {
        src: 'report',
        input: ({ context }) => ({ method: context.method, amount: context.amount, currency: context.currency, random: `${context.keySeed}-${context.reports}`, bonus: context.bonus, promo: context.promo }),
        onDone: { target: 'pending', actions: assign(({ context, event }) => ({ deposit: event.output, reports: context.reports + 1 })) },
        onError: { target: 'editing', actions: { type: 'refuse', params: ({ context, event }) => ({ error: reportFailure(event.error, context), shakes: context.shakes }) } },
      },
    },
    /** the transfer is reported: its reference, the bank details, the receipt control; waiting for the bank */
    pending: {
      invoke: {
        id: RECEIPT_ID,
        src: 'receiptItem',
        input: ({ context }) => ({ kind: 'receipt', maxBytes: RECEIPT_MAX_BYTES, fileMax: 1, target: context.deposit?.id ?? '' }),
      },
      on: {
        'receipt.stored': {
          actions: assign(({ context, event }) => ({
            deposit: context.deposit && { ...context.deposit, receipt: { id: event.document.id, mime: event.document.mime, size: event.document.size } },
          })),
        },
        // pushed: check it now (the answer says whether it was received)
        'bank.updated': { guard: 'isThisDeposit', target: '.checking' },
        'report.new': { target: 'editing', actions: assign({ deposit: null, error: null }) },
      },
      initial: 'waiting',
      states: {
        waiting: { after: { bankPoll: 'checking' } },
        checking: {
          invoke: {
            id: 'loadDeposit',
            src: 'loadDeposit',
            input: ({ context }) => ({ id: context.deposit?.id ?? '' }),
            onDone: [
              { guard: { type: 'wasReceived', params: ({ event }) => ({ deposit: event.output }) }, target: '#bankReport.received', actions: [assign({ deposit: ({ event }) => event.output }), 'refreshUser'] },
              { target: 'waiting', actions: assign({ deposit: ({ event }) => event.output }) },
            ],
            onError: { target: 'waiting' },
          },
        },
      },
    },
    /** the bank received it: credited once on the server */
    received: {
      on: { 'report.new': { target: 'editing', actions: assign({ deposit: null, error: null }) } },
    },
  },
});
