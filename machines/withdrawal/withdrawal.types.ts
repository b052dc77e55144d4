import type { PendingWithdrawal, WithdrawalCase, WithdrawalCheck, WithdrawalFinal } from '../../core/contract/withdrawal';
import type { Msg } from '../../core/message';
import type { FactorType } from '../two-factor/two-factor.types';
import type { WithdrawalTabId } from './withdrawal.tabs';

export type { WithdrawalCase };

export interface WithdrawalInput {
  /** currency of the current account (the amount's currency outside exchange mode) */
  currency: string;
  /** the current account is the exchange account: exchange (fixed) mode */
  fixed: boolean;
  tab?: WithdrawalTabId;
}

/** what the trader submitted */
export interface WithdrawalForm {
  amount: string;
  method: string;
  wallet: string;
  alt: string;
}

/** the request as sent to /api/withdrawal and /api/withdrawal/final */
export interface WithdrawalRequest extends WithdrawalForm {
  fixed: boolean;
  currency: string;
}

export interface Turnover {
  current: string;
  need: string;
  currency: string;
}

export interface WithdrawalContext {
  tab: WithdrawalTabId;
  fixed: boolean;
  accountCurrency: string;
  request: WithdrawalRequest | null;
  case: WithdrawalCase | null;
  turnover: Turnover | null;
  /** the trader accepted that the bonus is cancelled (case two) */
  isBonus: boolean;
  factorType: FactorType | null;
  error: Msg | null;
  /** bumps on every error so the view shakes the message again */
  shakes: number;
  result: Msg | null;
}

export type WithdrawalEvent =
  | { type: 'tab.select'; tab: WithdrawalTabId }
  | ({ type: 'form.submit' } & WithdrawalForm)
  | { type: 'form.edit' }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' }
  | { type: 'verify.go' }
  | { type: 'verify.close' }
  | { type: 'factor.cancel' }
  | { type: 'form.again' };

/** POST /api/withdrawal */
export type CheckOutput = WithdrawalCheck;

/** POST /api/withdrawal/final */
export type FinalOutput = WithdrawalFinal;

export interface FinalInput extends WithdrawalRequest {
  is_bonus: boolean;
}

// ---- pending withdrawals ---------------------------------------------------------------

export type PendingItem = PendingWithdrawal;

export interface PendingContext {
  hits: PendingItem[];
  /** the withdrawal the trader asked to cancel */
  cancelling: string | null;
  error: Msg | null;
}

export type PendingEvent =
  | { type: 'pending.refresh' }
  | { type: 'pending.cancel'; id: string }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' };
