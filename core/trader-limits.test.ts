import { describe, expect, it } from 'vitest';
import { changeLimit, depositOverLimit, fitsAgainAt, limitInForce, NO_LIMIT, settled, usedIn, type CountedDeposit, type LimitSetting } from './trader-limits';

const NOW = new Date('2026-11-30T12:00:00.000Z');
const hours = (h: number) => new Date(NOW.getTime() + h * 3_600_000);

describe('changing a limit: lower at once, higher after the cooling-off', () => {
  it('sets a first limit at once', () => {
    expect(changeLimit(NO_LIMIT, 500n, NOW)).toEqual({ setting: { value: 500n, pending: null }, applied: 'now' });
  });
  it('lowers at once and keeps an equal value at once', () => {
    expect(changeLimit({ value: 500n, pending: null }, 300n, NOW).applied).toBe('now');
    expect(changeLimit({ value: 500n, pending: null }, 500n, NOW)).toEqual({ setting: { value: 500n, pending: null }, applied: 'now' });
  });
  it('raises and removes only 24 hours later, the old limit in force until then', () => {
    const raised = changeLimit({ value: 500n, pending: null }, 900n, NOW);
    expect(raised).toEqual({ setting: { value: 500n, pending: { value: 900n, from: hours(24) } }, applied: 'later' });
    expect(limitInForce(raised.setting, hours(23.99))).toBe(500n);
    expect(limitInForce(raised.setting, hours(24))).toBe(900n);
    const removed = changeLimit({ value: 500n, pending: null }, null, NOW);
    expect(removed.setting.pending).toEqual({ value: null, from: hours(24) });
    expect(limitInForce(removed.setting, hours(25))).toBeNull();
  });
  it('a lower value while a raise waits applies at once and drops the raise', () => {
    const waiting: LimitSetting = { value: 500n, pending: { value: 900n, from: hours(10) } };
    expect(changeLimit(waiting, 400n, NOW)).toEqual({ setting: { value: 400n, pending: null }, applied: 'now' });
  });
  it('a raise asked again restarts its 24 hours from the new request', () => {
    const waiting: LimitSetting = { value: 500n, pending: { value: 900n, from: hours(10) } };
    expect(changeLimit(waiting, 800n, hours(1)).setting.pending).toEqual({ value: 800n, from: hours(25) });
  });
  it('compares against the limit in force once a waiting raise has come', () => {
    const due: LimitSetting = { value: 500n, pending: { value: 900n, from: hours(-1) } };
    expect(settled(due, NOW)).toEqual({ value: 900n, pending: null });
    expect(changeLimit(due, 700n, NOW)).toEqual({ setting: { value: 700n, pending: null }, applied: 'now' });
  });
});

describe('the windows', () => {
  const counted: CountedDeposit[] = [
    { at: hours(-24 * 8), amount: 1000n },
    { at: hours(-24 * 3), amount: 200n },
    { at: hours(-20), amount: 100n },
    { at: hours(-1), amount: 50n },
  ];
  it('sums what each rolling window holds', () => {
    expect(usedIn(counted, 'day', NOW)).toBe(150n);
    expect(usedIn(counted, 'week', NOW)).toBe(350n);
    expect(usedIn(counted, 'month', NOW)).toBe(1350n);
  });
  it('a deposit exactly 24 hours old has left the day window', () => {
    expect(usedIn([{ at: hours(-24), amount: 5n }], 'day', NOW)).toBe(0n);
  });
  it('says when an amount fits again: when the oldest deposits that must leave have left', () => {
    // day limit 200, used 150: 100 more fits once the 100 of 20 hours ago leaves (4 hours from now)
    expect(fitsAgainAt(counted, 'day', 200n, 100n, NOW)).toEqual(hours(4));
    // 180 needs both gone: the 50 of an hour ago leaves in 23 hours
    expect(fitsAgainAt(counted, 'day', 200n, 180n, NOW)).toEqual(hours(23));
    expect(fitsAgainAt(counted, 'day', 200n, 201n, NOW)).toBeNull();
    expect(fitsAgainAt([], 'day', 200n, 200n, NOW)).toEqual(NOW);
  });
  it('names the shortest window the deposit passes, with what is used', () => {
    const limits = { day: { value: 200n, pending: null }, week: { value: 300n, pending: null }, month: NO_LIMIT };
    expect(depositOverLimit(limits, counted, 50n, NOW)).toEqual({ period: 'week', limit: 300n, used: 350n, fitsAt: hours(24 * 4) });
    expect(depositOverLimit(limits, counted, 60n, NOW)?.period).toBe('day');
    expect(depositOverLimit({ day: NO_LIMIT, week: NO_LIMIT, month: NO_LIMIT }, counted, 10n ** 12n, NOW)).toBeNull();
    expect(depositOverLimit({ ...limits, week: NO_LIMIT }, counted, 50n, NOW)).toBeNull();
  });
});
