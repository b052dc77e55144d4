import type { SnapshotFrom } from 'xstate';
import type { signalsMachine } from '../../machines/signals/signals.machine';
import { isWeekendWindow, zoneOf } from '../../machines/shared/weekend';
import type { SignalItem } from '../../machines/signals/signals.types';

type SignalsSnapshot = SnapshotFrom<typeof signalsMachine>;

/** the pop-ups on screen, earliest end first */
export const selectSignals = (s: SignalsSnapshot) => s.context.signals;

export type ShownSignal = SignalItem;

/**
 * The countdown of one pop-up at `now` (browser clock): the seconds left to the end the server
 * holds, and the part of the signal's life still left (the circle), measured from its
 * publication, so a signal seen 20 s after it was published shows 40 and two thirds of the circle,
 * not a fresh 60.
 */
export function countdownOf(signal: Pick<SignalItem, 'publishedAt' | 'expiresAt'>, now: number): { seconds: number; fraction: number } {
  const left = Math.max(0, signal.expiresAt - now);
  const life = Math.max(1, signal.expiresAt - Math.min(signal.publishedAt, now));
  return { seconds: Math.ceil(left / 1000), fraction: Math.min(1, left / life) };
}
/** the weekend window (Friday 21:00 to Sunday before 21:00) in the settings' zone, '' = the trader's own */
export const isWeekendNow = (now: number, timeZone: string): boolean => isWeekendWindow(now, timeZone);
export const weekendZone = (timeZone: string): string => zoneOf(timeZone);
