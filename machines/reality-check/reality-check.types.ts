import type { RealityCheck } from '../../core/contract/reality-check';
import type { Msg } from '../../core/message';

/** GET /api/reality-check's answer with the page's clock when it came (the machine never reads a clock) */
export interface RealityCheckRead {
  check: RealityCheck;
  now: number;
}

/** this session's figures as the server last said, for the dialog */
export interface RealityCheckFigures {
  trades: number;
  /** payouts minus stakes, a decimal string in `currency` (may be negative) */
  net: string;
  currency: string;
}

export interface RealityCheckContext {
  /** the interval in force, in minutes (0: off) */
  minutes: number;
  /** when this session signed in (ms since the epoch) */
  sessionStart: number;
  /** when the next check is due (ms); null while off or not yet read */
  dueAt: number | null;
  /** the page's clock as last handed in (events, outputs) */
  now: number;
  /** the figures read when the dialog opened; null until they came (or when they could not be read) */
  figures: RealityCheckFigures | null;
  /** the figures could not be read */
  error: Msg | null;
  /** each dialog shown: the dialog's first control takes the focus once per showing */
  shown: number;
}

export type RealityCheckEvent =
  /** the trader changed the interval (the limits page saved it), or it was read again: the next due time recomputed */
  | { type: 'interval.changed'; check: RealityCheck; now: number }
  /** the attention arbiter let the dialog show (nothing else is on screen, no money flow runs) */
  | { type: 'attention.granted'; now: number }
  /** Continue (also Escape and the close button): the next check N minutes after this one */
  | { type: 'continue'; now: number }
  /** My limits: closes, the limits page opens, the checks go on */
  | { type: 'limits'; now: number }
  /** Take a break: signs out */
  | { type: 'break' };

export type { RealityCheck };
