import { describe, expect, it } from 'vitest';
import { DEFAULT_EXCEPTION_RULES, EXCEPTION_TABLE, exceptionActions, isExceptionPolicy, planException } from './crypto-exceptions';

const now = new Date('2026-03-02T10:00:00Z');

describe('crypto exception rules', () => {
  it('short and late are credited at once by default, and never by themselves when held', () => {
    expect(planException('short', DEFAULT_EXCEPTION_RULES, now)).toEqual({ autoCreditAt: now, chooseUntil: null });
    expect(planException('late', DEFAULT_EXCEPTION_RULES, now)).toEqual({ autoCreditAt: now, chooseUntil: null });
    expect(planException('short', { ...DEFAULT_EXCEPTION_RULES, short: 'hold' }, now)).toEqual({ autoCreditAt: null, chooseUntil: null });
    expect(planException('late', { ...DEFAULT_EXCEPTION_RULES, late: 'hold' }, now)).toEqual({ autoCreditAt: null, chooseUntil: null });
  });

  it('an over-payment waits for the trader for the window, then the after-window rule decides', () => {
    const until = new Date('2026-03-05T10:00:00Z');
    expect(planException('over', DEFAULT_EXCEPTION_RULES, now)).toEqual({ autoCreditAt: until, chooseUntil: until });
    expect(planException('over', { ...DEFAULT_EXCEPTION_RULES, overAfterWindow: 'hold', overWindowHours: 1 }, now)).toEqual({ autoCreditAt: null, chooseUntil: new Date('2026-03-02T11:00:00Z') });
  });

  it('the rates: the invoice fixed rate for short and over, the arrival rate for late; only an over-payment is the trader’s choice', () => {
    expect(Object.fromEntries(Object.entries(EXCEPTION_TABLE).map(([k, v]) => [k, [v.rate, v.traderChooses]]))).toEqual({ short: ['invoice', false], late: ['arrival', false], over: ['invoice', true] });
  });

  it('what the trader may do: claim while held; credit only while the window is open', () => {
    const until = new Date('2026-03-02T11:00:00Z');
    expect(exceptionActions({ status: 'held', chooseUntil: until }, now)).toEqual({ mayClaim: true, mayCredit: true });
    expect(exceptionActions({ status: 'held', chooseUntil: until }, until)).toEqual({ mayClaim: true, mayCredit: false });
    expect(exceptionActions({ status: 'held', chooseUntil: null }, now)).toEqual({ mayClaim: true, mayCredit: false });
    for (const status of ['claimed', 'credited', 'refunded'] as const) expect(exceptionActions({ status, chooseUntil: until }, now)).toEqual({ mayClaim: false, mayCredit: false });
    expect([isExceptionPolicy('credit'), isExceptionPolicy('hold'), isExceptionPolicy('refund')]).toEqual([true, true, false]);
  });
});
