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
}

/** POST /api/{coin}/check answer, as the flow hands it over */
export interface InvoiceCheck {
  status: InvoiceStatus;
  hash?: string;
  paid?: string;
  due?: string;
  late?: string;
  uri?: string;
}

export type InvoiceEvent =
  /** the server pushed a change for this invoice: check at once */
  | { type: 'invoice.push' };
