import { signalsMachine } from './signals.machine';
import type { MachineModel } from '../../machine-kit/types';

const T = 1_700_000_000_000;
const signal = (id: string, expiresIn: number) => ({ id, symbol: 'EURUSD', direction: 'up', expirySeconds: 60, price: '1.08512', source: 'sandbox', publishedAt: T + expiresIn - 60_000, expiresAt: T + expiresIn });

/**
 * Signals: nothing new, one new pop-up (counting down to its deadline, or closed early), a second
 * fetch with an earlier deadline, a signal already seen today, a failed fetch.
 */
export const signalsModel: MachineModel = {
  machine: signalsMachine,
  inputs: [{ now: T - 5_000, seen: [] }, { now: T - 5_000, seen: ['s-old'] }],
  events: {
    'signal.close': [{ id: 's-1', at: T + 10_000 }],
  },
  actors: {
    fetchSignals: [
      { output: { signals: [], now: T } },
      { output: { signals: [signal('s-1', 60_000)], now: T } },
      { output: { signals: [signal('s-2', 30_000), signal('s-old', 60_000)], now: T + 1_000 } },
      { error: { kind: 'network' } },
    ],
  },
  maxDepth: 8,
};
