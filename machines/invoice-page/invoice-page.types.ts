import type { Msg } from '../../core/message';
import type { InvoiceStatus } from '../invoice/invoice.types';

export interface InvoicePageInput {
  coin: string;
  guid: string;
}

/** The invoice as the page shows it (plain JSON; the flow maps the server's answer to it). */
export interface InvoiceDetails {
  guid: string;
  coin: string;
  asset: string;
  assetName: string;
  chainName: string;
  address: string;
  amount: string;
  paid: string;
  due: string;
  late: string;
  status: InvoiceStatus;
  hash: string;
  rate: string;
  rateCurrency: string;
  rateSource: string;
  fiatAmount: string;
  creditAmount: string;
  creditCurrency: string;
  voucher: boolean;
  confirmations: number;
  paymentUri: string;
  explorerUrl: string;
  txUrl: string;
  /** the explorer's transaction page with {hash} in place of the transaction id */
  txUrlTemplate: string;
  sandbox: boolean;
  contract?: string;
}

/** What loading gives: the invoice, and its expiry and the load time on the page's own clock. */
export interface LoadedInvoice {
  invoice: InvoiceDetails;
  /** the server's expiresAt moved onto the page's clock (corrected for clock skew), ms */
  expiresAt: number;
  /** the page's clock when the answer arrived, ms */
  now: number;
}

export type SandboxKind = 'full' | 'partial' | 'late' | 'expire';

export interface InvoicePageContext {
  coin: string;
  guid: string;
  loaded: LoadedInvoice | null;
  error: Msg | null;
  /** what the last sandbox control call did not manage */
  sandboxError: Msg | null;
  sandboxKind: SandboxKind | null;
}

export type InvoicePageEvent =
  | { type: 'page.retry' }
  /** the server pushed an update of this invoice */
  | { type: 'server.invoice' }
  /** sandbox control: pay the invoice on the sandbox chain, or let it expire now */
  | { type: 'sandbox.send'; kind: SandboxKind };
