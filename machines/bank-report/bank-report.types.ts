import type { BankDeposit } from '../../core/contract/deposits-offline';
import type { VerificationDocument } from '../../core/contract/verification';
import type { Msg } from '../../core/message';
import type { PagePayment } from '../funding/payment';

export interface BankReportInput {
  /** the funding tab: a bank transfer or a fiat report (spec 001 §2, §7) */
  method: 'bank' | 'fiat';
  /** the account currency */
  currency: string;
  /** the trader's minimum deposit (spec 001 §9: 250 by default) */
  minDeposit: string;
  /** seeds the report's idempotency key (`${seed}-${n}`): a double click reports once */
  keySeed: string;
}

export interface BankReportContext {
  method: 'bank' | 'fiat';
  currency: string;
  minDeposit: string;
  keySeed: string;
  /** how many reports this tab sent: the next key */
  reports: number;
  /** the amount of the last report (the funding page's amount line's, normalized) */
  amount: string;
  /** the bonus and the checked promo code that went with it (the page's amount line) */
  bonus: boolean;
  promo: string;
  deposit: BankDeposit | null;
  error: Msg | null;
  shakes: number;
}

export interface ReportInput {
  method: 'bank' | 'fiat';
  amount: string;
  currency: string;
  random: string;
  bonus: boolean;
  promo: string;
}

export type BankReportEvent =
  /** report the transfer of what the funding page's amount line pays (amount, bonus, promo code) */
  | { type: 'report.submit'; payment: PagePayment }
  /** report another transfer */
  | { type: 'report.new' }
  /** pushed by the server (bank.updated) for this trader */
  | { type: 'bank.updated'; id: string; status: string }
  /** from the receipt's upload control (the child) */
  | { type: 'receipt.stored'; document: VerificationDocument };
