import type { SessionLimit, SetSessionLimitRequest, SetSessionLimitResponse } from '../../core/contract/session-limit';
import type { Msg } from '../../core/message';

export interface SessionLimitSettingContext {
  /** the limit in force, in minutes (null: none) */
  minutes: number | null;
  /** a longer limit or a removal waiting for the cooling-off (minutes null: none), from its ISO date */
  pending: SessionLimit['pending'];
  /** the limits offered, in minutes, as the server said */
  choices: number[];
  /** when this session ends under the limit (ISO); null: no end of its own */
  sessionEndsAt: string | null;
  /** the hours a longer limit or a removal waits */
  coolingOffHours: number;
  /** the choice being saved (shown in the select meanwhile); null: no limit */
  picked: number | null;
  /** what the last save did: 'now' in force at once, 'later' from `pending.from` */
  applied: 'now' | 'later' | null;
  /** the limit could not be read, or the save failed */
  error: Msg | null;
  /** each answer to a save (saved or failed): its message takes the focus once */
  saves: number;
}

export type SessionLimitSettingEvent =
  | { type: 'retry' }
  /** the trader picked a limit in the select (null: no limit): saved at once */
  | { type: 'minutes.change'; minutes: number | null };

export type { SessionLimit, SetSessionLimitRequest, SetSessionLimitResponse };
