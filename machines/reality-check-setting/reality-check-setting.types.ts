import type { RealityCheck, SetRealityCheckRequest } from '../../core/contract/reality-check';
import type { Msg } from '../../core/message';

export interface RealityCheckSettingContext {
  /** the interval in force (0: off) */
  minutes: number;
  /** true: the trader picked it; false: their country's default */
  chosen: boolean;
  /** the intervals offered, in minutes (0: off), as the server said */
  choices: number[];
  /** the interval being saved (shown in the select meanwhile) */
  picked: number | null;
  /** the setting could not be read, or the save failed */
  error: Msg | null;
  /** each answer to a save (saved or failed): its message takes the focus once */
  saves: number;
}

export type RealityCheckSettingEvent =
  | { type: 'retry' }
  /** the trader picked an interval in the select: saved at once */
  | { type: 'minutes.change'; minutes: number };

export type { RealityCheck, SetRealityCheckRequest };
