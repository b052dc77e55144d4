import type { SnapshotFrom } from 'xstate';
import type { signalsMachine } from '../../machines/signals/signals.machine';
import { isWeekendWindow, zoneOf } from '../../machines/shared/weekend';
import type { SignalItem } from '../../machines/signals/signals.types';

type SignalsSnapshot = SnapshotFrom<typeof signalsMachine>;

/** the pop-ups on screen, earliest end first */
export const selectSignals = (s: SignalsSnapshot) => s.context.signals;

export type ShownSignal = SignalItem;
/** the weekend window (Friday 21:00 to Sunday before 21:00) in the settings' zone, '' = the trader's own */
export const isWeekendNow = (now: number, timeZone: string): boolean => isWeekendWindow(now, timeZone);
export const weekendZone = (timeZone: string): string => zoneOf(timeZone);
