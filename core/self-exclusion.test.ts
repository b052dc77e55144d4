import { describe, expect, it } from 'vitest';
import { combined, EXCLUSION_CHOICE_NAMES, exclusionEnd, isExclusionChoice, kindOfChoice } from './self-exclusion';

const at = (iso: string) => new Date(iso);

describe('self-exclusion rules (issue 30 §3)', () => {
  it('offers the four timeouts and five exclusions, in order', () => {
    expect(EXCLUSION_CHOICE_NAMES).toEqual(['24h', '7d', '30d', '6w', '6m', '1y', '2y', '3y', '5y']);
    expect(EXCLUSION_CHOICE_NAMES.map(kindOfChoice)).toEqual(['timeout', 'timeout', 'timeout', 'timeout', 'exclusion', 'exclusion', 'exclusion', 'exclusion', 'exclusion']);
    expect(isExclusionChoice('7d')).toBe(true);
    expect(isExclusionChoice('1d')).toBe(false);
    expect(isExclusionChoice('toString')).toBe(false);
  });

  it('a timeout ends after its hours; an exclusion after calendar months in UTC, never shorter', () => {
    const now = at('2026-08-31T22:15:30.500Z');
    expect(exclusionEnd('24h', now).toISOString()).toBe('2026-09-01T22:15:30.500Z');
    expect(exclusionEnd('7d', now).toISOString()).toBe('2026-09-07T22:15:30.500Z');
    expect(exclusionEnd('30d', now).toISOString()).toBe('2026-09-30T22:15:30.500Z');
    expect(exclusionEnd('6w', now).toISOString()).toBe('2026-10-12T22:15:30.500Z');
    // 31 August + 6 months: February has no 31st, so its last day
    expect(exclusionEnd('6m', now).toISOString()).toBe('2027-02-28T22:15:30.500Z');
    expect(exclusionEnd('1y', at('2028-02-29T10:00:00.000Z')).toISOString()).toBe('2029-02-28T10:00:00.000Z');
    expect(exclusionEnd('2y', now).toISOString()).toBe('2028-08-31T22:15:30.500Z');
    expect(exclusionEnd('3y', at('2026-01-15T00:00:00.000Z')).toISOString()).toBe('2029-01-15T00:00:00.000Z');
    expect(exclusionEnd('5y', at('2026-12-31T23:59:59.999Z')).toISOString()).toBe('2031-12-31T23:59:59.999Z');
  });

  it('a second choice can only make it longer; an exclusion stays one', () => {
    const now = at('2026-11-30T12:00:00.000Z');
    expect(combined(null, '7d', now)).toEqual({ kind: 'timeout', until: at('2026-12-07T12:00:00.000Z') });
    const week = { kind: 'timeout' as const, until: at('2026-12-07T12:00:00.000Z') };
    expect(combined(week, '24h', now)).toEqual({ kind: 'timeout', until: week.until });
    expect(combined(week, '30d', now)).toEqual({ kind: 'timeout', until: at('2026-12-30T12:00:00.000Z') });
    const year = { kind: 'exclusion' as const, until: at('2027-11-30T12:00:00.000Z') };
    expect(combined(year, '6w', now)).toEqual({ kind: 'exclusion', until: year.until });
    expect(combined(week, '6m', now)).toEqual({ kind: 'exclusion', until: at('2027-05-30T12:00:00.000Z') });
    // a timeout longer than a short exclusion left: still an exclusion, ending later
    const ending = { kind: 'exclusion' as const, until: at('2026-12-01T12:00:00.000Z') };
    expect(combined(ending, '7d', now)).toEqual({ kind: 'exclusion', until: at('2026-12-07T12:00:00.000Z') });
    // one that has ended counts for nothing
    expect(combined({ kind: 'exclusion', until: now }, '24h', now)).toEqual({ kind: 'timeout', until: at('2026-12-01T12:00:00.000Z') });
  });
});
