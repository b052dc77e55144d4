import { invoicePageMachine } from './invoice-page.machine';
import type { MachineModel } from '../../machine-kit/types';

const http = (status: number, error: string, message = '') => ({ kind: 'http', status, error, message });
// the page machine reads only status and voucher; the view reads the rest
const invoice = { guid: 'g-1', coin: 'btc', asset: 'BTC', amount: '0.00389106', status: 'wt', voucher: false };

/** Invoice page: loading (found, missing, failing), the invoice child, pushes, the sandbox control. */
export const invoicePageModel: MachineModel = {
  machine: invoicePageMachine,
  input: { coin: 'btc', guid: 'g-1' },
  events: {
    'sandbox.send': [{ kind: 'full' }, { kind: 'expire' }],
    'claim.open': [{ id: 'x-1' }],
    'claim.address': [{ value: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }],
    'exception.credit': [{ id: 'x-2' }],
  },
  actors: {
    loadInvoice: [
      { output: { invoice, expiresAt: 1_700_003_600_000, now: 1_700_000_000_000 } },
      { error: http(404, 'not_found', 'There is no such invoice.') },
      { error: http(500, 'server', 'Internal error') },
      { error: { kind: 'network' } },
    ],
    // the invoice child runs until the page closes: its own model covers it
    invoice: [{ output: undefined }],
    sandboxSend: [{ output: { ok: true, txid: 'ab', status: 'su' } }, { error: http(404, 'not_found', 'There is no such invoice.') }, { error: { kind: 'network' } }],
    resolveException: [{ output: { id: 'x-1', status: 'claimed' } }, { error: http(400, 'crypto.refund_address', 'Enter an address on the same network.') }, { error: { kind: 'network' } }],
  },
  emitted: {
    serverEvents: [{ type: 'server.invoice' }],
  },
  maxDepth: 6,
};
