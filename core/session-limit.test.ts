import { describe, expect, it } from 'vitest';
import { NO_LIMIT } from './trader-limits';
import { changeSessionLimit, endedByLimit, isSessionLimitMinutes, SESSION_END_SKEW_MS, SESSION_LIMIT_CHOICES, sessionEnd, sessionLimitInForce } from './session-limit';

const NOW = new Date('2026-11-30T12:00:00.000Z');
const HOUR = 3_600_000;

describe('the session-time limit (core/session-limit.ts)', () => {
  it('offers whole minutes from half an hour to eight hours, nothing else', () => {
    expect(SESSION_LIMIT_CHOICES).toEqual([30, 60, 90, 120, 180, 240, 360, 480]);
    for (const ok of SESSION_LIMIT_CHOICES) expect(isSessionLimitMinutes(ok)).toBe(true);
    for (const bad of [0, 29, 45, 60.5, -60, 481, '60', null, undefined, Number.NaN]) expect(isSessionLimitMinutes(bad), String(bad)).toBe(false);
  });

  it('a first or shorter limit applies at once; a longer one or none after the 24-hour cooling-off', () => {
    const first = changeSessionLimit(NO_LIMIT, 60, NOW);
    expect(first).toEqual({ applied: 'now', setting: { value: 60n, pending: null } });
    expect(sessionLimitInForce(first.setting, NOW)).toBe(60);
    const longer = changeSessionLimit(first.setting, 240, NOW);
    expect(longer).toEqual({ applied: 'later', setting: { value: 60n, pending: { value: 240n, from: new Date(NOW.getTime() + 24 * HOUR) } } });
    expect(sessionLimitInForce(longer.setting, new Date(NOW.getTime() + 24 * HOUR - 1))).toBe(60);
    expect(sessionLimitInForce(longer.setting, new Date(NOW.getTime() + 24 * HOUR))).toBe(240);
    const none = changeSessionLimit(first.setting, null, NOW);
    expect(none.applied).toBe('later');
    expect(sessionLimitInForce(none.setting, new Date(NOW.getTime() + 24 * HOUR))).toBeNull();
    expect(changeSessionLimit(longer.setting, 30, NOW)).toEqual({ applied: 'now', setting: { value: 30n, pending: null } });
    expect(sessionLimitInForce(NO_LIMIT, NOW)).toBeNull();
  });

  it('a session ends at its sign-in plus the limit; with none, it has no end of its own', () => {
    expect(sessionEnd(NOW, 90)).toEqual(new Date(NOW.getTime() + 90 * 60_000));
    expect(sessionEnd(NOW, null)).toBeNull();
  });

  it('a session that ended at its end (within the clocks’ skew) ended by the limit; one without an end, or ended earlier, did not', () => {
    const end = NOW.toISOString();
    expect(endedByLimit(end, NOW.getTime())).toBe(true);
    expect(endedByLimit(end, NOW.getTime() + HOUR)).toBe(true);
    expect(endedByLimit(end, NOW.getTime() - SESSION_END_SKEW_MS)).toBe(true);
    expect(endedByLimit(end, NOW.getTime() - SESSION_END_SKEW_MS - 1)).toBe(false);
    expect(endedByLimit(undefined, NOW.getTime())).toBe(false);
    expect(endedByLimit('not a time', NOW.getTime())).toBe(false);
  });
});
