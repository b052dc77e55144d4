import type { EventFrom, SnapshotFrom } from 'xstate';
import type { signalsMachine } from '../../../machines/signals/signals.machine';
import { isWeekendWindow, zoneOf } from '../../../machines/shared/weekend';
import type { SignalItem } from '../../../machines/signals/signals.types';

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

export interface SignalsApi {
  /** the pop-ups on screen, earliest end first */
  signals: SignalItem[];
  any: boolean;
  /** the trader closed one pop-up at `at` (browser clock) */
  close: (id: string, at: number) => void;
}

export function connectSignals(s: SignalsSnapshot, send: (event: EventFrom<typeof signalsMachine>) => void): SignalsApi {
  return {
    signals: s.context.signals,
    any: s.context.signals.length > 0,
    close: (id, at) => send({ type: 'signal.close', id, at }),
  };
}

export interface SignalFace {
  seconds: number;
  /** the part of the circle still drawn */
  fraction: number;
  /** the signal's duration in whole minutes when it is, else in seconds */
  duration: { key: 'signals.minutes' | 'signals.seconds'; n: number };
  directionKey: 'signals.up' | 'signals.down';
  arrow: '▲' | '▼';
}

/** What one pop-up shows at `now` (browser clock). */
export function signalFace(signal: Pick<SignalItem, 'publishedAt' | 'expiresAt' | 'expirySeconds' | 'direction'>, now: number): SignalFace {
  const minutes = signal.expirySeconds >= 60 && signal.expirySeconds % 60 === 0;
  return {
    ...countdownOf(signal, now),
    duration: minutes ? { key: 'signals.minutes', n: signal.expirySeconds / 60 } : { key: 'signals.seconds', n: signal.expirySeconds },
    directionKey: signal.direction === 'up' ? 'signals.up' : 'signals.down',
    arrow: signal.direction === 'up' ? '▲' : '▼',
  };
}
