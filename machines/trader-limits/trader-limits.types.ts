import type { DepositLimit, LimitsResponse, SetDepositLimitRequest, SetDepositLimitResponse } from '../../core/contract/limits';
import type { Msg } from '../../core/message';
import type { LimitPeriod } from '../../core/trader-limits';

/** What the last save did, shown on its row until another row (or the same one) is opened. */
export interface SavedLimit {
  /** the row that was saved (always one: a save is sent from an open row) */
  period: LimitPeriod | null;
  /** what was asked: a decimal string, or null for "no limit" */
  amount: string | null;
  /** 'now': in force at once; 'later': from `from` (the period's `pending.from`) */
  applied: 'now' | 'later';
  from: string | null;
}

export interface TraderLimitsContext {
  /** the trader's own currency: every amount is in it */
  currency: string;
  /** one per period, in LIMIT_PERIODS order, as the server last said */
  deposit: DepositLimit[];
  /** the hours a raise or a removal waits (the server's `cooling_off_hours`) */
  coolingOffHours: number;
  /** the row whose editor is open (or was last saved) */
  period: LimitPeriod | null;
  /** what the trader typed in the open editor (kept after a failed save) */
  amount: string;
  /** the amount's problem: the machine's own check before sending, or the server's refusal of it */
  amountError: Msg | null;
  /** the limits could not be read, or the save failed for another reason */
  error: Msg | null;
  saved: SavedLimit | null;
  /** what the save sends (the typed amount as the wire takes it, or null: no limit); the typed text stays as it was */
  request: SetDepositLimitRequest | null;
  /** each opening of an editor: the amount field takes the focus once per opening */
  opened: number;
  /** each refused save (checked here or by the server): the refusal is announced and focused once more */
  shakes: number;
}

export type TraderLimitsEvent =
  | { type: 'retry' }
  /** open the editor of a period's row */
  | { type: 'row.edit'; period: LimitPeriod }
  /** close the editor without saving */
  | { type: 'row.cancel' }
  | { type: 'amount.change'; value: string }
  /** save the typed amount as the open row's limit */
  | { type: 'limit.save' }
  /** no limit for the open row (after the cooling-off) */
  | { type: 'limit.remove' };

export type { LimitsResponse, SetDepositLimitRequest, SetDepositLimitResponse };
