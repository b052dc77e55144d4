import type { Msg } from '../../core/message';

export type MethodFlow = 'direct' | 'redirect';
export type MethodDepositStatus = 'pending' | 'paid' | 'failed' | 'flagged';

export interface MethodDepositInput {
  /** neteller, skrill, perfect, webmoney, yandex, qiwi, okpay, orangeppl */
  method: string;
  /** direct: paid at once (Neteller: account + secure id); redirect: the provider's page */
  flow: MethodFlow;
  /** a demo account cannot deposit (the view shows the demo block) */
  demo: boolean;
  /** the trader's minimum deposit and the account currency (the funding page's options) */
  minDeposit: string;
  currency: string;
  /** the amount the form starts with (the page's amount, else the minimum) */
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
  /** as typed */
  amount: string;
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
}

/** The server's answer to a start, as the flow hands it over. */
export interface StartOutput {
  id: string;
  status: MethodDepositStatus;
  redirectUrl?: string;
}

export type MethodDepositEvent =
  | { type: 'amount.change'; value: string }
  | ({ type: 'deposit.submit' } & SubmitFields)
  | { type: 'deposit.again' }
  /** a pushed method.updated of this deposit */
  | { type: 'method.push' };
