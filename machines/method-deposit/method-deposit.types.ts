import type { Msg } from '../../core/message';
import type { PagePayment } from '../funding/payment';

export type MethodFlow = 'direct' | 'redirect';
export type MethodDepositStatus = 'pending' | 'paid' | 'failed' | 'flagged';

export interface MethodDepositInput {
  /** a wallet method of core/methods.ts (METHODS) */
  method: string;
  /** direct: paid at once (Neteller: account + secure id); redirect: the provider's page */
  flow: MethodFlow;
  /** a demo account cannot deposit (the view shows the demo block) */
  demo: boolean;
  /** the trader's minimum deposit and the account currency (the funding page's options) */
  minDeposit: string;
  currency: string;
  /** the amount the tab opened with (the page's amount line); Deposit pays the line's amount then */
  amount: string;
  /** back from the provider's page: the deposit to listen to */
  depositId?: string;
}

export interface MethodDepositContext {
  method: string;
  flow: MethodFlow;
  demo: boolean;
  minDeposit: string;
  currency: string;
  /** the amount of the last Deposit (the page's amount line's, normalized) */
  amount: string;
  /** the bonus and the checked promo code that went with it (the page's amount line) */
  bonus: boolean;
  promo: string;
  depositId: string;
  /** the provider's page to go to */
  redirectUrl: string;
  status: MethodDepositStatus | null;
  error: Msg | null;
  /** bumps on every refused submit, so the view can shake the message */
  shakes: number;
  /** a push arrived while a check was running: check again after it */
  recheck: boolean;
}

/** Neteller's fields travel in the submit event only (the secure id is never kept in a context). */
export interface SubmitFields {
  account?: string;
  secureId?: string;
}

export interface StartInput extends SubmitFields {
  method: string;
  amount: string;
  currency: string;
  bonus: boolean;
  promo: string;
}

/** The server's answer to a start, as the flow hands it over. */
export interface StartOutput {
  id: string;
  status: MethodDepositStatus;
  redirectUrl?: string;
}

/** Deposit: the method's fields and what the funding page's amount line pays (amount, bonus, promo code). */
export type DepositSubmit = { type: 'deposit.submit'; payment: PagePayment } & SubmitFields;

export type MethodDepositEvent =
  | DepositSubmit
  | { type: 'deposit.again' }
  /** a pushed method.updated of this deposit */
  | { type: 'method.push' };
