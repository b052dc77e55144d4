import { describe, expect, it } from 'vitest';
import { changeLimit, NO_LIMIT } from './trader-limits';
import {
  openStakes,
  scheduleFromJson,
  scheduleToJson,
  settledLoss,
  stakesOpenedIn,
  tradeOverLimit,
  tradingLimitKey,
  TRADING_LIMITS,
  TRADING_LOOKBACK_MS,
  usedOf,
  type CountedTrade,
} from './trading-limits';

const NOW = new Date('2026-11-30T12:00:00.000Z');
const hours = (h: number) => new Date(NOW.getTime() + h * 3_600_000);
const lost = (stake: bigint, settledH: number): CountedTrade => ({ stake, openedAt: hours(settledH - 0.01), settledAt: hours(settledH), payout: 0n });
const won = (stake: bigint, payout: bigint, settledH: number): CountedTrade => ({ stake, openedAt: hours(settledH - 0.01), settledAt: hours(settledH), payout });
const open = (stake: bigint, openedH = -0.001): CountedTrade => ({ stake, openedAt: hours(openedH), settledAt: null, payout: 0n });

describe('the trading limits table', () => {
  it('names five limits, each with its refusal id kind_period', () => {
    expect(TRADING_LIMITS.map((l) => l.id)).toEqual(['stake_trade', 'stake_day', 'loss_day', 'loss_week', 'loss_month']);
    for (const l of TRADING_LIMITS) expect(l.id).toBe(`${l.kind}_${l.period}`);
    expect(tradingLimitKey('loss', 'week')).toBe('loss_week');
    expect(tradingLimitKey('stake', 'week')).toBeNull();
    expect(tradingLimitKey('deposit', 'day')).toBeNull();
    expect(TRADING_LOOKBACK_MS).toBe(30 * 24 * 3_600_000);
  });
});

describe('what is used', () => {
  const trades = [lost(1000n, -1), won(1000n, 1820n, -2), lost(500n, -25), lost(700n, -24 * 8), lost(900n, -24 * 31), open(300n), open(200n, -30)];
  it('the loss: settled in the window, net, floored at zero; plus the open stakes', () => {
    expect(settledLoss(trades, 'day', NOW)).toBe(180n);
    expect(settledLoss([won(1000n, 1820n, -1)], 'day', NOW)).toBe(0n);
    expect(settledLoss(trades, 'week', NOW)).toBe(680n);
    expect(settledLoss(trades, 'month', NOW)).toBe(1380n);
    expect(openStakes(trades)).toBe(500n);
    expect(usedOf('loss_day', trades, NOW)).toBe(680n);
    expect(usedOf('loss_month', trades, NOW)).toBe(1880n);
  });
  it('the day’s stakes: every trade opened in the last 24 hours, open or settled', () => {
    expect(stakesOpenedIn(trades, NOW)).toBe(1000n + 1000n + 300n);
    expect(usedOf('stake_day', trades, NOW)).toBe(2300n);
    expect(usedOf('stake_trade', trades, NOW)).toBe(0n);
  });
  it('a trade leaves the window exactly 24 hours after', () => {
    const t = [lost(1000n, -24)];
    expect(settledLoss(t, 'day', NOW)).toBe(0n);
    expect(settledLoss(t, 'day', hours(-0.001))).toBe(1000n);
  });
});

describe('tradeOverLimit', () => {
  it('no limit: never', () => {
    expect(tradeOverLimit({}, [lost(10n ** 9n, -1)], 10n ** 9n, NOW)).toBeNull();
    expect(tradeOverLimit({ stake_trade: NO_LIMIT }, [], 5000n, NOW)).toBeNull();
  });
  it('the stake per trade: equal passes, one minor unit more does not', () => {
    const limits = { stake_trade: { value: 5000n, pending: null } };
    expect(tradeOverLimit(limits, [], 5000n, NOW)).toBeNull();
    expect(tradeOverLimit(limits, [], 5001n, NOW)).toEqual({ id: 'stake_trade', kind: 'stake', period: 'trade', limit: 5000n, used: 0n });
  });
  it('the day’s stakes count what opened in 24 hours', () => {
    const limits = { stake_day: { value: 3000n, pending: null } };
    expect(tradeOverLimit(limits, [lost(2000n, -1)], 1000n, NOW)).toBeNull();
    expect(tradeOverLimit(limits, [lost(2000n, -1)], 1001n, NOW)).toMatchObject({ id: 'stake_day', limit: 3000n, used: 2000n });
    expect(tradeOverLimit(limits, [lost(2000n, -25)], 3000n, NOW)).toBeNull();
  });
  it('the loss counts settled losses and the open stakes, the first passed limit in table order', () => {
    const limits = { loss_day: { value: 2000n, pending: null }, loss_week: { value: 2500n, pending: null } };
    const trades = [lost(1000n, -1), open(500n), lost(800n, -48)];
    expect(tradeOverLimit(limits, trades, 500n, NOW)).toMatchObject({ id: 'loss_week', used: 2300n });
    expect(tradeOverLimit(limits, trades, 200n, NOW)).toBeNull();
    expect(tradeOverLimit(limits, trades, 600n, NOW)).toMatchObject({ id: 'loss_day', used: 1500n });
  });
  it('a raise waits: the old limit until its date, the new one from it', () => {
    const raised = changeLimit({ value: 1000n, pending: null }, 5000n, NOW).setting;
    expect(tradeOverLimit({ stake_trade: raised }, [], 2000n, hours(23.99))).toMatchObject({ limit: 1000n });
    expect(tradeOverLimit({ stake_trade: raised }, [], 2000n, hours(24))).toBeNull();
    const removed = changeLimit({ value: 1000n, pending: null }, null, NOW).setting;
    expect(tradeOverLimit({ stake_trade: removed }, [], 2000n, hours(1))).not.toBeNull();
    expect(tradeOverLimit({ stake_trade: removed }, [], 2000n, hours(24))).toBeNull();
  });
});

describe('the schedule as JSON', () => {
  it('round-trips bigints and dates exactly', () => {
    const schedule = { currency: 'USD', limits: { stake_trade: { value: 12345678901234567n, pending: { value: null, from: hours(24) } }, loss_week: { value: null, pending: null } } };
    const json = scheduleToJson(schedule);
    expect(JSON.parse(JSON.stringify(json))).toEqual({ currency: 'USD', limits: { stake_trade: { value: '12345678901234567', pending: { value: null, from: '2026-12-01T12:00:00.000Z' } }, loss_week: { value: null, pending: null } } });
    expect(scheduleFromJson(JSON.parse(JSON.stringify(json)))).toEqual(schedule);
  });
});
