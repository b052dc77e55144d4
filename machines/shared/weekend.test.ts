import { describe, expect, it } from 'vitest';
import { isWeekendHour, isWeekendWindow, wallClock, zoneOf } from './weekend';

// 2026-11-20 is a Friday
const utc = (iso: string) => Date.parse(`${iso}Z`);

describe('weekend window (Friday 21:00 to Sunday before 21:00)', () => {
  it('follows the rule hour by hour across a whole week', () => {
    const inside: string[] = [];
    for (let day = 0; day < 7; day++) for (let hour = 0; hour < 24; hour++) if (isWeekendHour(day, hour)) inside.push(`${day}:${hour}`);
    // Friday 21-23 (3 h), Saturday (24 h), Sunday 0-20 (21 h)
    expect(inside).toHaveLength(48);
    expect(inside[0]).toBe('0:0');
    expect(inside).toContain('5:21');
    expect(inside).not.toContain('5:20');
    expect(inside).toContain('0:20');
    expect(inside).not.toContain('0:21');
  });

  it('is exact at the edges in UTC', () => {
    expect(isWeekendWindow(utc('2026-11-20T20:59:59.999'), 'UTC')).toBe(false);
    expect(isWeekendWindow(utc('2026-11-20T21:00:00'), 'UTC')).toBe(true);
    expect(isWeekendWindow(utc('2026-11-21T12:00:00'), 'UTC')).toBe(true);
    expect(isWeekendWindow(utc('2026-11-22T20:59:59.999'), 'UTC')).toBe(true);
    expect(isWeekendWindow(utc('2026-11-22T21:00:00'), 'UTC')).toBe(false);
    expect(isWeekendWindow(utc('2026-11-23T00:00:00'), 'UTC')).toBe(false);
    expect(isWeekendWindow(utc('2026-11-18T22:00:00'), 'UTC')).toBe(false);
  });

  it('reads the wall clock of the zone the settings name', () => {
    // Friday 19:30 UTC is Friday 22:30 in Moscow (UTC+3): inside there, outside in UTC
    const at = utc('2026-11-20T19:30:00');
    expect(wallClock(at, 'Europe/Moscow')).toEqual({ day: 5, hour: 22 });
    expect(isWeekendWindow(at, 'Europe/Moscow')).toBe(true);
    expect(isWeekendWindow(at, 'UTC')).toBe(false);
    // Sunday 22:00 UTC is Sunday 14:00 in Los Angeles (UTC-8 in November): still inside there
    const sunday = utc('2026-11-22T22:00:00');
    expect(isWeekendWindow(sunday, 'America/Los_Angeles')).toBe(true);
    expect(isWeekendWindow(sunday, 'UTC')).toBe(false);
  });

  it("uses the user's own zone when settings name none or an unknown one", () => {
    const own = new Intl.DateTimeFormat('en-US').resolvedOptions().timeZone;
    expect(zoneOf('')).toBe(own);
    expect(zoneOf('Not/AZone')).toBe(own);
    expect(zoneOf('Europe/Moscow')).toBe('Europe/Moscow');
    const at = utc('2026-11-20T19:30:00');
    expect(isWeekendWindow(at, '')).toBe(isWeekendWindow(at, own));
  });
});
