import type { Msg } from '../../core/message';
import type { InvoiceException, InvoiceStatus } from '../invoice/invoice.types';

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
  /** seen, not confirmed yet, and the confirmations of the least confirmed of it */
  pending?: string;
  confirming?: number;
  /** a closed invoice's short, late and over payments */
  exceptions?: InvoiceException[];
}

/** What loading gives: the invoice, and its expiry and the load time on the page's own clock. */
export interface LoadedInvoice {
  invoice: InvoiceDetails;
  /** the server's expiresAt moved onto the page's clock (corrected for clock skew), ms */
  expiresAt: number;
  /** the page's clock when the answer arrived, ms */
  now: number;
}

/** the sandbox control: pay (in full, half, after expiry, unconfirmed), mine a block, or expire now */
export type SandboxKind = 'full' | 'partial' | 'late' | 'unconfirmed' | 'block' | 'expire';

/** the trader's answer to a short, late or over payment: have it credited, or refunded to their address */
export interface ExceptionChoice {
  id: string;
  choice: 'credit' | 'refund';
  address: string;
}

export interface InvoicePageContext {
  coin: string;
  guid: string;
  loaded: LoadedInvoice | null;
  error: Msg | null;
  /** what the last sandbox control call did not manage */
  sandboxError: Msg | null;
  sandboxKind: SandboxKind | null;
  /** the exception whose refund claim form is open, and the address typed into it */
  claimId: string | null;
  claimAddress: string;
  /** what the server answered to the last choice, when it refused */
  claimError: Msg | null;
  /** the choice being sent */
  choice: ExceptionChoice | null;
}

export type InvoicePageEvent =
  | { type: 'page.retry' }
  /** the server pushed an update of this invoice */
  | { type: 'server.invoice' }
  /** sandbox control: pay the invoice on the sandbox chain, or let it expire now */
  | { type: 'sandbox.send'; kind: SandboxKind }
  /** a held payment: open its refund claim form, type the address, send or close it */
  | { type: 'claim.open'; id: string }
  | { type: 'claim.address'; value: string }
  | { type: 'claim.cancel' }
  | { type: 'claim.submit' }
  /** an over-payment: have it credited */
  | { type: 'exception.credit'; id: string };
