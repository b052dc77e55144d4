import type { RealityCheck } from '../../core/contract/reality-check';
import type { MachineModel } from '../../machine-kit/types';
import { realityCheckMachine } from './reality-check.machine';

/** the session signed in at 10:00 UTC */
export const SESSION_START = '2026-12-01T10:00:00.000Z';
const start = Date.parse(SESSION_START);
export const minutesIn = (minutes: number, seconds = 0, ms = 0): number => start + minutes * 60_000 + seconds * 1000 + ms;

/** GET /api/reality-check for the model's session: 15 minutes (the trader's choice), 3 trades, a loss */
export const realityAnswer = (over: Partial<RealityCheck> = {}): RealityCheck => ({
  minutes: 15,
  chosen: true,
  choices: [0, 15, 30, 45, 60, 90, 120],
  session_started_at: SESSION_START,
  trades: 3,
  net: '-12.50',
  currency: 'USD',
  ...over,
});

/**
 * The reality check: the interval read (15 minutes, off, or not read and tried again), the check
 * falling due and asking the arbiter, granted, its figures read or not, Continue, My limits or
 * Take a break; the interval changed while waiting, off, due or shown.
 */
export const realityCheckModel: MachineModel = {
  machine: realityCheckMachine,
  events: {
    'interval.changed': [{ check: realityAnswer({ minutes: 30 }), now: minutesIn(5) }, { check: realityAnswer({ minutes: 0 }), now: minutesIn(5) }],
    'attention.granted': [{ now: minutesIn(15, 10) }],
    continue: [{ now: minutesIn(16) }],
    limits: [{ now: minutesIn(16) }],
  },
  actors: {
    readCheck: [{ output: { check: realityAnswer(), now: minutesIn(5) } }, { output: { check: realityAnswer({ minutes: 0, chosen: false }), now: minutesIn(5) } }, { error: { kind: 'network' } }],
  },
  maxDepth: 7,
};
