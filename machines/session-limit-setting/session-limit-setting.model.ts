import type { MachineModel } from '../../machine-kit/types';
import type { SessionLimit } from '../../core/contract/session-limit';
import { sessionLimitSettingMachine } from './session-limit-setting.machine';

const CHOICES = [30, 60, 90, 120, 180, 240, 360, 480];
const limit = (over: Partial<SessionLimit> = {}): SessionLimit => ({
  minutes: null,
  pending: null,
  choices: CHOICES,
  session_ends_at: null,
  cooling_off_hours: 24,
  ...over,
});
const minutesOf = (input: unknown): number | null | undefined => (input as { minutes?: number | null } | undefined)?.minutes;

/**
 * The session-time limit on the limits page: read (no limit) or not (and retried); 60 minutes
 * picked and in force at once (this session's end moves), then 240 asked (waits for the
 * cooling-off), 240 again (already waiting: nothing sent), none asked (waits), 60 again (drops
 * what waits), 45 (not offered: nothing sent); a save refused or lost (the limit in force stays).
 */
export const sessionLimitSettingModel: MachineModel = {
  machine: sessionLimitSettingMachine,
  events: {
    'minutes.change': [{ minutes: 60 }, { minutes: 240 }, { minutes: null }, { minutes: 45 }],
  },
  actors: {
    readLimit: [{ output: limit() }, { error: { kind: 'network' } }, { error: { kind: 'http', status: 503, error: 'unavailable', message: 'The server is busy.' } }],
    saveLimit: [
      { output: { applied: 'now', limit: limit({ minutes: 60, session_ends_at: '2026-11-30T20:00:00.000Z' }) }, when: (i) => minutesOf(i) === 60 },
      { output: { applied: 'later', limit: limit({ minutes: 60, pending: { minutes: 240, from: '2026-12-01T19:00:00.000Z' }, session_ends_at: '2026-11-30T20:00:00.000Z' }) }, when: (i) => minutesOf(i) === 240 },
      { error: { kind: 'http', status: 400, error: 'limits.session_minutes', message: 'Choose one of the offered limits.' } },
      { error: { kind: 'network' } },
    ],
  },
  maxDepth: 6,
};
