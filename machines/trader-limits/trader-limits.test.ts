import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SaveLimitRequest } from './trader-limits.types';
import { canRemove, decimalsFor, limitAmountError, rowLimitOf, traderLimitsMachine, wireAmount } from './trader-limits.machine';
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

describe('trader limits: a row is a kind and a period', () => {
  const answer = limitsAnswer();
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const run = (save: (i: SaveLimitRequest) => Promise<unknown>) => {
    const sent: SaveLimitRequest[] = [];
    const actor = createActor(
      traderLimitsMachine.provide({
        actors: {
          loadLimits: fromPromise(async () => answer),
          saveLimit: fromPromise(async ({ input }) => {
            sent.push(input);
            return save(input) as never;
          }),
        },
      }),
    ).start();
    return { actor, sent };
  };

  it('finds a row’s limit by both its kind and its period', () => {
    expect(rowLimitOf(answer, 'deposit', 'day')?.amount).toBe('500.00');
    expect(rowLimitOf(answer, 'stake', 'day')?.amount).toBe('200.00');
    expect(rowLimitOf(answer, 'loss', 'day')?.amount).toBeNull();
    expect(rowLimitOf(answer, 'loss', 'week')).toMatchObject({ kind: 'loss', period: 'week', amount: '300.00' });
    expect(rowLimitOf(answer, 'loss', 'trade')).toBeUndefined();
    expect(rowLimitOf(answer, 'stake', 'week')).toBeUndefined();
    expect(rowLimitOf(answer, null, null)).toBeUndefined();
    expect(canRemove(rowLimitOf(answer, 'stake', 'trade'))).toBe(false);
    expect(canRemove(rowLimitOf(answer, 'loss', 'week'))).toBe(true);
  });

  it('opens another kind’s row of the same period as another row, with its own amount; an empty row opens empty; a long amount is cut', async () => {
    const { actor } = run(async () => ({ limits: answer, applied: 'now' }));
    await settle();
    actor.send({ type: 'row.edit', kind: 'deposit', period: 'day' });
    expect(actor.getSnapshot().context).toMatchObject({ kind: 'deposit', period: 'day', amount: '500', opened: 1 });
    actor.send({ type: 'row.edit', kind: 'stake', period: 'day' });
    expect(actor.getSnapshot().context).toMatchObject({ kind: 'stake', period: 'day', amount: '200', opened: 2 });
    actor.send({ type: 'row.edit', kind: 'stake', period: 'day' });
    expect(actor.getSnapshot().context.opened).toBe(2);
    actor.send({ type: 'row.edit', kind: 'loss', period: 'day' });
    expect(actor.getSnapshot().context).toMatchObject({ kind: 'loss', period: 'day', amount: '', opened: 3 });
    actor.send({ type: 'amount.change', value: '1'.repeat(50) });
    expect(actor.getSnapshot().context.amount).toHaveLength(40);
  });

  it('sends the row’s kind and period; a waiting raise’s date and an unreachable platform are kept with what was saved', async () => {
    const later = { ...answer, trading: answer.trading.map((l) => (l.kind === 'loss' && l.period === 'week' ? { ...l, pending: { amount: '900.00', from: RAISE_FROM } } : l)) };
    const answers = [
      { limits: later, applied: 'later', platform: 'unreachable' },
      { limits: answer, applied: 'now', platform: 'told' },
      { limits: answer, applied: 'now' },
    ];
    const { actor, sent } = run(async () => answers.shift());
    await settle();
    actor.send({ type: 'row.edit', kind: 'loss', period: 'week' });
    actor.send({ type: 'amount.change', value: '900' });
    actor.send({ type: 'limit.save' });
    await settle();
    expect(sent.at(-1)).toEqual({ kind: 'loss', period: 'week', amount: '900.00' });
    expect(actor.getSnapshot().context.saved).toEqual({ kind: 'loss', period: 'week', amount: '900.00', applied: 'later', from: RAISE_FROM, platformUnreachable: true });
    actor.send({ type: 'row.edit', kind: 'stake', period: 'day' });
    actor.send({ type: 'limit.remove' });
    await settle();
    expect(sent.at(-1)).toEqual({ kind: 'stake', period: 'day', amount: null });
    expect(actor.getSnapshot().context.saved).toEqual({ kind: 'stake', period: 'day', amount: null, applied: 'now', from: null, platformUnreachable: false });
    actor.send({ type: 'row.edit', kind: 'deposit', period: 'month' });
    actor.send({ type: 'amount.change', value: '70' });
    actor.send({ type: 'limit.save' });
    await settle();
    expect(sent.at(-1)).toEqual({ kind: 'deposit', period: 'month', amount: '70.00' });
    expect(actor.getSnapshot().context.saved).toMatchObject({ kind: 'deposit', period: 'month', platformUnreachable: false });
  });

  it('marks the amount only when the refusal is about it', async () => {
    const failures: unknown[] = [
      { kind: 'http', status: 400, error: 'limits.amount', message: '' },
      { kind: 'http', status: 400, error: 'validation', message: 'Too big.', fields: { 'limits.amount': 'limits.too_big' } },
      { kind: 'http', status: 400, error: 'validation', message: 'Bad.', fields: { other: 'limits.amount' } },
      { kind: 'http', status: 400, error: 'validation', message: 'Bad period.', fields: { period: 'limits.period' } },
      { kind: 'network' },
    ];
    const { actor } = run(() => Promise.reject(failures.shift()));
    await settle();
    actor.send({ type: 'row.edit', kind: 'deposit', period: 'day' });
    const save = async () => {
      actor.send({ type: 'limit.save' });
      await settle();
      const { amountError, error } = actor.getSnapshot().context;
      return { amountError, error };
    };
    expect(await save()).toEqual({ amountError: { key: 'limits.amount' }, error: null });
    expect(await save()).toEqual({ amountError: { key: 'limits.too_big', fallback: 'Too big.' }, error: null });
    expect(await save()).toEqual({ amountError: { key: 'limits.amount', fallback: 'Bad.' }, error: null });
    expect((await save()).amountError).toBeNull();
    const lost = await save();
    expect(lost.amountError).toBeNull();
    expect(lost.error).not.toBeNull();
  });
});
