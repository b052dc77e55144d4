import type { CardFacts } from '../../core/card-facts';
import type { CascadeInput, CascadeOutput, PaymentRecord, StoredCascade } from '../cascade/cascade.types';
import type { StackFacts } from '../../core/cascade/stack';
import type { Msg } from '../../core/message';

/**
 * What the flow's card-type helper (credit-card-type, src/flows/funding/funding.flow.ts) found in the typed
 * number. The number itself travels in the submit event only: the machine never keeps it.
 */
export type { CardFacts } from '../../core/card-facts';

export type CardField = 'country' | 'currency' | 'month' | 'year' | 'name' | 'number' | 'cvv' | 'amount';

export interface CardFormInput extends StackFacts {
  /** the visitor's geo country, '' when unknown (then FR) */
  geo: string;
  currency: string;
  /** the JCB form: accepts only jcb cards */
  jcb: boolean;
  /** a demo account: card deposits are blocked with the demo alert */
  demo: boolean;
  /** the current year (four digits) and month (1-12), for the expiry defaults and check */
  year: number;
  month: number;
  /** an unfinished run of this tab, read from browser storage: the form resumes it */
  resume: StoredCascade | null;
  /** the page's clock at start (ms) */
  now: number;
}

/** The payment the trader asked for: the funding page's amount line and its verdict, with the idempotency key of this press (made by the funding machine). */
export interface PaymentAsk {
  key: string;
  amount: string;
  currency: string;
  fixed: boolean;
  bonus: boolean;
  promo: string;
  /** the funding page's verdict on the amount (minimum, maximum), null when it can be paid */
  amountError: Msg | null;
}

export interface SavedCard {
  token: string;
  first6: string;
  last4: string;
  type: string;
}

export interface CardFormContext extends StackFacts {
  jcb: boolean;
  demo: boolean;
  year: number;
  month: number;
  country: string;
  currency: string;
  expMonth: string;
  expYear: string;
  name: string;
  /** the first invalid field and why */
  error: { field: CardField | 'form'; msg: Msg } | null;
  /** bumps on every refused submit so the view can shake the message */
  shakes: number;
  card: SavedCard | null;
  payment: PaymentRecord | null;
  resume: StoredCascade | null;
  now: number;
  /** the last cascade's end */
  result: CascadeOutput | null;
}

export type CardFormEvent =
  | { type: 'field.change'; field: 'country' | 'currency' | 'month' | 'year' | 'name'; value: string }
  /** the number or CVV was edited (their values stay in the inputs) */
  | { type: 'secret.change' }
  | { type: 'card.submit'; card: CardFacts; cvv: string; payment: PaymentAsk; now: number }
  | { type: 'result.close' }
  /** forwarded to the running cascade */
  | { type: 'dialog.why' }
  | { type: 'dialog.tab'; tab: string }
  | { type: 'dialog.close' }
  | { type: 'payment.retry' }
  | { type: 'payment.cancel' }
  | { type: 'listen.stop' };

/** POST /api/card/save: the card as the server took it (a token, never the number). */
export interface SaveCardInput {
  digits: string;
  cvv: string;
  fn: string;
  ln: string;
  month: string;
  year: string;
  country: string;
  currency: string;
  type: string;
}

/** sent to the parent (the funding page) when a cascade dialog sends the trader to another funding tab */
export interface CardTabAsk {
  type: 'card.tab';
  tab: string;
}

export type { CascadeInput };
