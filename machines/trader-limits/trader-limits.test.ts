import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SaveLimitRequest } from './trader-limits.types';
import { canRemove, decimalsFor, limitAmountError, traderLimitsMachine, wireAmount } from './trader-limits.machine';
import { limitsAnswer, RAISE_FROM } from './trader-limits.model';

/** What the model does not try: the amount rule at its bounds, the wire form, what may be removed, the server's field keys. */
describe('trader limits: the amount', () => {
  it('takes a positive amount with at most the currency’s decimals, up to the largest limit', () => {
    expect(limitAmountError('', 'USD')).toEqual({ key: 'limits.error.required' });
    expect(limitAmountError('   ', 'USD')).toEqual({ key: 'limits.error.required' });
    expect(limitAmountError('abc', 'USD')).toEqual({ key: 'limits.error.amount' });
    expect(limitAmountError('0', 'USD')).toEqual({ key: 'limits.error.amount' });
    expect(limitAmountError('0.00', 'USD')).toEqual({ key: 'limits.error.amount' });
    expect(limitAmountError('-5', 'USD')).toEqual({ key: 'limits.error.amount' });
    expect(limitAmountError('1e3', 'USD')).toEqual({ key: 'limits.error.amount' });
    expect(limitAmountError('12.345', 'USD')).toEqual({ key: 'limits.error.precision', params: { decimals: 2 } });
    expect(limitAmountError('1000000.01', 'EUR')).toEqual({ key: 'limits.error.max', params: { max: '1000000.00' } });
    expect(limitAmountError('0.01', 'USD')).toBeNull();
    expect(limitAmountError('1000000', 'EUR')).toBeNull();
    expect(limitAmountError(' 1 000,5 ', 'RUB')).toBeNull();
    expect(limitAmountError('12.340', 'USD')).toBeNull();
  });

  it('sends the amount with exactly the currency’s decimals (the server parses it exactly)', () => {
    expect(wireAmount(' 1 000,5 ', 'USD')).toBe('1000.50');
    expect(wireAmount('12.340', 'USD')).toBe('12.34');
    expect(wireAmount('7', 'GBP')).toBe('7.00');
    expect(decimalsFor('BTC')).toBe(8);
    expect(decimalsFor('XYZ')).toBe(2);
  });

  it('offers a removal only where a limit is in force and no removal waits', () => {
    const [day, week, month] = limitsAnswer().deposit;
    expect([canRemove(day), canRemove(week), canRemove(month), canRemove(undefined)]).toEqual([true, true, false, false]);
    expect(canRemove({ ...day, pending: { amount: null, from: RAISE_FROM } })).toBe(false);
  });
});

describe('trader limits: saving', () => {
  const run = (save: (i: SaveLimitRequest) => Promise<never>) => {
    const actor = createActor(
      traderLimitsMachine.provide({ actors: { loadLimits: fromPromise(async () => limitsAnswer()), saveLimit: fromPromise(({ input }) => save(input)) } }),
    ).start();
    return actor;
  };
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('marks the amount when the server names it in `fields`, whatever the error key; else shows the server’s message with its params', async () => {
    const failures = [
      { kind: 'http', status: 400, error: 'validation', message: 'Bad amount.', fields: { amount: 'limits.amount' } },
      { kind: 'http', status: 409, error: 'limits.busy', message: 'Try again.', params: { at: '12:00' } },
    ];
    const actor = run(() => Promise.reject(failures.shift()));
    await settle();
    actor.send({ type: 'row.edit', kind: 'deposit', period: 'day' });
    actor.send({ type: 'limit.save' });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ amountError: { key: 'limits.amount', fallback: 'Bad amount.' }, error: null, amount: '500', shakes: 1 });
    actor.send({ type: 'limit.save' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ ready: { editor: 'failed' } });
    expect(actor.getSnapshot().context).toMatchObject({ amountError: null, error: { key: 'limits.busy', fallback: 'Try again.' }, shakes: 2 });
  });
});
