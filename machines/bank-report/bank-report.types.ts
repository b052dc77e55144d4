import type { BankDeposit } from '../../core/contract/deposits-offline';
import type { VerificationDocument } from '../../core/contract/verification';
import type { Msg } from '../../core/message';

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
  amount: string;
  deposit: BankDeposit | null;
  error: Msg | null;
  shakes: number;
}

export interface ReportInput {
  method: 'bank' | 'fiat';
  amount: string;
  currency: string;
  random: string;
}

export type BankReportEvent =
  | { type: 'amount.change'; value: string }
  | { type: 'report.submit' }
  /** report another transfer */
  | { type: 'report.new' }
  /** pushed by the server (bank.updated) for this trader */
  | { type: 'bank.updated'; id: string; status: string }
  /** from the receipt's upload control (the child) */
  | { type: 'receipt.stored'; document: VerificationDocument };
