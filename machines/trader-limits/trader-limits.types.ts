import type { DepositLimit, LimitsResponse, SetDepositLimitRequest, SetDepositLimitResponse, TradingLimit } from '../../core/contract/limits';
import type { Msg } from '../../core/message';
import type { TradingLimitKind, TradingLimitPeriod } from '../../core/trading-limits';

/** Which limit a row is: a deposit limit (core/trader-limits.ts) or a stake or loss limit (core/trading-limits.ts). */
export type LimitKind = 'deposit' | TradingLimitKind;
/** a deposit limit's period (day, week, month), or a stake limit's 'trade' */
export type RowPeriod = TradingLimitPeriod;

/** What a save sends, whichever the kind: the flow calls /api/limits/deposit or /api/limits/trading. */
export interface SaveLimitRequest {
  kind: LimitKind;
  period: RowPeriod;
  /** a decimal string in the trader's currency; null: no limit (after the cooling-off) */
  amount: string | null;
}

/** The answer to a save: the limits as they now stand, and what it did ('platform' for a stake or loss limit). */
export interface SaveLimitResponse {
  limits: LimitsResponse;
  applied: 'now' | 'later';
  /** a stake or loss limit: 'unreachable' when the trading platform could not be told (saved; told at the next change) */
  platform?: 'told' | 'unreachable';
}

/** What the last save did, shown on its row until another row (or the same one) is opened. */
export interface SavedLimit {
  /** the row that was saved (always one: a save is sent from an open row) */
  kind: LimitKind | null;
  period: RowPeriod | null;
  /** what was asked: a decimal string, or null for "no limit" */
  amount: string | null;
  /** 'now': in force at once; 'later': from `from` (the period's `pending.from`) */
  applied: 'now' | 'later';
  from: string | null;
  /** a stake or loss limit saved while the platform could not be told */
  platformUnreachable: boolean;
}

export interface TraderLimitsContext {
  /** the trader's own currency: every amount is in it */
  currency: string;
  /** one per period, in LIMIT_PERIODS order, as the server last said */
  deposit: DepositLimit[];
  /** the stake and loss limits, in TRADING_LIMITS order, as the server last said */
  trading: TradingLimit[];
  /** the hours a raise or a removal waits (the server's `cooling_off_hours`) */
  coolingOffHours: number;
  /** the row whose editor is open (or was last saved): its kind and period together */
  kind: LimitKind | null;
  period: RowPeriod | null;
  /** what the trader typed in the open editor (kept after a failed save) */
  amount: string;
  /** the amount's problem: the machine's own check before sending, or the server's refusal of it */
  amountError: Msg | null;
  /** the limits could not be read, or the save failed for another reason */
  error: Msg | null;
  saved: SavedLimit | null;
  /** what the save sends (the typed amount as the wire takes it, or null: no limit); the typed text stays as it was */
  request: SaveLimitRequest | null;
  /** each opening of an editor: the amount field takes the focus once per opening */
  opened: number;
  /** each refused save (checked here or by the server): the refusal is announced and focused once more */
  shakes: number;
}

export type TraderLimitsEvent =
  | { type: 'retry' }
  /** open the editor of a row: a kind and a period */
  | { type: 'row.edit'; kind: LimitKind; period: RowPeriod }
  /** close the editor without saving */
  | { type: 'row.cancel' }
  | { type: 'amount.change'; value: string }
  /** save the typed amount as the open row's limit */
  | { type: 'limit.save' }
  /** no limit for the open row (after the cooling-off) */
  | { type: 'limit.remove' };

export type { LimitsResponse, SetDepositLimitRequest, SetDepositLimitResponse };
