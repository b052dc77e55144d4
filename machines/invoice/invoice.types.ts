/** A crypto invoice's status (spec 000 §3): wt waiting, su success, ex expired. */
export type InvoiceStatus = 'wt' | 'su' | 'ex';

export interface InvoiceInput {
  coin: string;
  guid: string;
  /** server-held expiry (ms since epoch): a reload never restarts the countdown */
  expiresAt: number;
  /** the page's clock when the machine starts (ms since epoch); the flow passes Date.now() */
  now: number;
  status?: InvoiceStatus;
  /** a voucher-load invoice goes to the voucher finish page on success */
  voucher?: boolean;
}

export interface InvoiceContext {
  coin: string;
  guid: string;
  expiresAt: number;
  startedAt: number;
  status: InvoiceStatus;
  voucher: boolean;
  /** received so far and still due, in the coin (decimal strings), for partial payments */
  paid: string;
  due: string;
  /** arrived after expiry or on top of a paid invoice: recorded, never lost ('' until known) */
  late: string;
  /** the last counted payment's transaction id */
  hash: string;
  /** the payment URI of what is still due ('' until a check gives one) */
  uri: string;
  /** being confirmed ('' until a check says), and its confirmations so far */
  pending: string;
  confirming: number;
  /** a closed invoice's short, late and over payments (null until a check gives them) */
  exceptions: InvoiceException[] | null;
}

/**
 * A short, late or over payment of a closed invoice and its outcome (core/crypto-exceptions.ts), as
 * the server describes it (plain JSON; the view reads it through connect()).
 */
export interface InvoiceException {
  id: string;
  kind: 'short' | 'late' | 'over';
  status: 'held' | 'claimed' | 'credited' | 'refunded';
  amount: string;
  asset: string;
  invoiceRate: string;
  arrivalRate: string;
  rateCurrency: string;
  credit: string;
  creditCurrency: string;
  autoCreditAt: string | null;
  chooseUntil: string | null;
  mayClaim: boolean;
  mayCredit: boolean;
  refundAddress: string;
  refundTxid: string;
  refundTxUrl: string;
  rejected: boolean;
}

/** POST /api/{coin}/check answer, as the flow hands it over */
export interface InvoiceCheck {
  status: InvoiceStatus;
  hash?: string;
  paid?: string;
  due?: string;
  late?: string;
  uri?: string;
  /** seen, not confirmed yet, and the confirmations of the least confirmed of it */
  pending?: string;
  confirming?: number;
  /** a closed invoice's exceptions */
  exceptions?: InvoiceException[];
}

export type InvoiceEvent =
  /** the server pushed a change for this invoice: check at once */
  | { type: 'invoice.push' };
