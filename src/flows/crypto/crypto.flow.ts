import { fromCallback, fromPromise } from 'xstate';
import { cryptoDepositMachine } from '../../../machines/crypto-deposit/crypto-deposit.machine';
import type { CryptoOptionsRecord } from '../../../machines/crypto-deposit/crypto-deposit.types';
import type { InvoicePageEvent, LoadedInvoice } from '../../../machines/invoice-page/invoice-page.types';
import { invoicePageMachine } from '../../../machines/invoice-page/invoice-page.machine';
import { invoiceMachine } from '../../../machines/invoice/invoice.machine';
import { CoinSlug } from '../../../core/contract';
import { checkInvoice, getCryptoOptions, getInvoice, payCrypto, resolveException, sandboxBlock, sandboxExpire, sandboxPay } from '../../api/crypto';
import { onServerEvent } from '../../api/events';
import { sessionActor } from '../shell/app.flow';
import { currentLang, goTo } from '../shell/navigation';

const slug = (coin: string): CoinSlug => CoinSlug.parse(coin);

/** The invoice machine bound to /api/{coin}/check; a paid voucher load goes to the voucher finish page. */
export const invoiceFlow = invoiceMachine.provide({
  actors: {
    checkInvoice: fromPromise(async ({ input }) => {
      const answer = await checkInvoice(slug(input.coin), input.guid);
      return {
        status: answer.status,
        hash: answer.hash,
        paid: answer.paid,
        due: answer.due,
        late: answer.late,
        uri: answer.paymentUri,
        pending: answer.pending,
        confirming: answer.confirming,
        ...(answer.exceptions && { exceptions: answer.exceptions }),
      };
    }),
  },
  actions: {
    goToVoucherFinish: () => goTo(`/${currentLang()}/trading#/show/funding/payment_success`),
    broadcastUserUpdate: () => sessionActor.send({ type: 'user.update' }),
  },
});

/**
 * The invoice page: the invoice with its expiry moved onto this page's clock (the server's
 * clock may differ: the countdown ends when the server's does), the invoice machine, pushed
 * updates of this invoice, and the sandbox control.
 */
export const invoicePageFlow = invoicePageMachine.provide({
  actors: {
    loadInvoice: fromPromise(async ({ input }): Promise<LoadedInvoice> => {
      const invoice = await getInvoice(input.guid);
      const now = Date.now();
      const skew = Date.parse(invoice.serverNow) - now;
      return { invoice, expiresAt: Date.parse(invoice.expiresAt) - skew, now };
    }),
    invoice: invoiceFlow,
    serverEvents: fromCallback<InvoicePageEvent, { guid: string }>(({ sendBack, input }) =>
      onServerEvent((event) => {
        if (event.type === 'invoice.updated' && event.id === input.guid) sendBack({ type: 'server.invoice' });
      }),
    ),
    sandboxSend: fromPromise(async ({ input }) =>
      input.kind === 'expire' ? sandboxExpire(input.guid) : input.kind === 'block' ? sandboxBlock(input.guid) : sandboxPay({ guid: input.guid, kind: input.kind }),
    ),
    resolveException: fromPromise(async ({ input }) => resolveException(input.id, input.choice === 'refund' ? { choice: 'refund', address: input.address } : { choice: 'credit' })),
  },
});

/** A crypto funding tab bound to /api/crypto/options and /api/{coin}/pay; success opens the invoice page in the trading shell. */
export const cryptoDepositFlow = cryptoDepositMachine.provide({
  actors: {
    loadOptions: fromPromise(async (): Promise<CryptoOptionsRecord> => getCryptoOptions()),
    pay: fromPromise(async ({ input }) => {
      const coin = slug(input.coin);
      const answer = await payCrypto(coin, {
        amount: input.amount,
        fixed: input.fixed,
        // the bonus slider belongs to the funding page; a crypto invoice carries no bonus of its own
        bonus: false,
        ...(!input.fixed && input.currency && { currency: input.currency }),
        is_erc20: coin === 'token' || coin === 'usdt',
        ...(input.token && { token: input.token }),
      });
      return { guid: answer.guid };
    }),
  },
  actions: {
    goToInvoice: (_, params) => {
      window.location.hash = `#/show/invoice/${params.coin}/${params.guid}`;
    },
  },
});

export { connectCrypto, connectInvoice } from './crypto.connect';
