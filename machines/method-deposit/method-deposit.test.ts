import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { methodDepositMachine } from './method-deposit.machine';
import type { MethodDepositInput, MethodDepositStatus, StartInput, StartOutput } from './method-deposit.types';

/**
 * The form checks and the start's refusals the model does not try (its inputs are the sandbox's
 * few): amounts at the bounds of the amount rule, Neteller's fields with one of them missing or
 * padded, and which server refusals are shown as they are.
 */
const neteller: MethodDepositInput = { method: 'neteller', flow: 'direct', demo: false, minDeposit: '250', currency: 'USD', amount: '' };
const skrill: MethodDepositInput = { ...neteller, method: 'skrill', flow: 'redirect' };

function start(input: MethodDepositInput, answer: (i: StartInput) => Promise<StartOutput> = async () => ({ id: 'd-1', status: 'paid' })) {
  const started: StartInput[] = [];
  const actor = createActor(
    methodDepositMachine.provide({
      actors: {
        start: fromPromise(async ({ input: i }: { input: StartInput }): Promise<StartOutput> => {
          started.push(i);
          return answer(i);
        }),
        checkDeposit: fromPromise(async (): Promise<{ status: MethodDepositStatus }> => ({ status: 'pending' })),
      },
    }),
    { input },
  ).start();
  return { actor, started };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const payment = (amount: string) => ({ amount, bonus: false, promo: '' });

describe('method deposit: the form checks', () => {
  it.each([
    ['13 whole digits', '1234567890123', 'method.amount'],
    ['negative with two decimals', '-1.25', 'method.amount'],
    ['negative', '-300', 'method.amount'],
    ['three decimals', '300.125', 'method.amount'],
    ['below the minimum', '249.99', 'method.min_deposit'],
  ])('%s: refused (%s)', async (_, amount, key) => {
    const { actor, started } = start(skrill);
    actor.send({ type: 'deposit.submit', payment: payment(amount) });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error?.key).toBe(key);
    expect(started).toEqual([]);
  });

  it.each(['123456789012.25', '250'])('%s is an amount (twelve whole digits and two decimals; the minimum itself)', async (amount) => {
    const { actor, started } = start(skrill);
    actor.send({ type: 'deposit.submit', payment: payment(amount) });
    await settle();
    expect(started.map((s) => s.amount)).toEqual([amount]);
  });

  it.each([
    ['no secure id', { account: 'netellertest_USD@neteller.com' }],
    ['no account', { secureId: '411392' }],
    ['a blank secure id', { account: 'netellertest_USD@neteller.com', secureId: '   ' }],
    ['a blank account', { account: '  ', secureId: '411392' }],
  ])('Neteller with %s: required', async (_, fields) => {
    const { actor, started } = start(neteller);
    actor.send({ type: 'deposit.submit', ...fields, payment: payment('300') });
    await settle();
    expect(actor.getSnapshot().context.error).toEqual({ key: 'method.required' });
    expect(started).toEqual([]);
  });

  it.each(['1234567', '41139', '41139a', 'a411392'])('Neteller secure id %s: six digits wanted', async (secureId) => {
    const { actor, started } = start(neteller);
    actor.send({ type: 'deposit.submit', account: 'netellertest_USD@neteller.com', secureId, payment: payment('300') });
    await settle();
    expect(actor.getSnapshot().context.error).toEqual({ key: 'neteller.secure_id' });
    expect(started).toEqual([]);
  });

  it('a secure id with spaces around it is six digits; the fields go to the start as typed', async () => {
    const { actor, started } = start(neteller);
    actor.send({ type: 'deposit.submit', account: ' netellertest_USD@neteller.com', secureId: ' 411392 ', payment: payment('300') });
    await settle();
    expect(actor.getSnapshot().value).toBe('paid');
    expect(started).toEqual([{ method: 'neteller', amount: '300', currency: 'USD', bonus: false, promo: '', account: ' netellertest_USD@neteller.com', secureId: ' 411392 ' }]);
  });

  it('a redirect wallet needs neither account nor secure id', async () => {
    const { actor, started } = start(skrill);
    actor.send({ type: 'deposit.submit', payment: payment('300') });
    await settle();
    expect(started).toHaveLength(1);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe("method deposit: the start's refusals", () => {
  const refused = async (error: unknown) => {
    const { actor } = start(skrill, () => Promise.reject(error));
    actor.send({ type: 'deposit.submit', payment: payment('300') });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    return actor.getSnapshot().context.error;
  };

  it.each([
    ['method.declined', 402],
    ['skrill.closed', 409],
    ['neteller.account', 400],
    ['validation', 422],
    ['csrf', 403],
    ['auth.required', 401],
    ['method.unavailable', 499],
  ])('%s (%i) is shown as it is', async (key, status) => {
    expect(await refused({ kind: 'http', status, error: key, message: 'The server says so' })).toEqual({ key, fallback: 'The server says so' });
  });

  it("a deposit limit's refusal keeps the values the server sends with it", async () => {
    const params = { limit: '600.00', used: '350.00', currency: 'USD', resets: '2025-06-11 08:00 UTC' };
    expect(await refused({ kind: 'http', status: 409, error: 'limits.deposit_day', message: 'Over', params })).toEqual({ key: 'limits.deposit_day', fallback: 'Over', params });
  });

  it("a break's refusal keeps its end and kind (deposit.excluded, issue 30 §3)", async () => {
    const params = { until: '2026-12-02T10:00:00.000Z', kind: 'timeout' };
    expect(await refused({ kind: 'http', status: 403, error: 'deposit.excluded', message: 'Paused', params })).toEqual({ key: 'deposit.excluded', fallback: 'Paused', params });
  });

  it('the minimum the server names gets the page minimum as its parameter', async () => {
    expect(await refused({ kind: 'http', status: 400, error: 'method.min_deposit', message: '' })).toEqual({ key: 'method.min_deposit', params: { min: '250' } });
  });

  it.each([
    ['a server error, even with a method key', { kind: 'http', status: 500, error: 'method.unavailable', message: 'Down' }],
    ['a server error', { kind: 'http', status: 503, error: 'method.unavailable', message: 'Down' }],
    ['a key of another area', { kind: 'http', status: 400, error: 'promo.used_up', message: 'x' }],
    ['a key that only starts like csrf', { kind: 'http', status: 403, error: 'csrf_expired', message: 'x' }],
    ['a network failure', { kind: 'network' }],
  ])('%s: the generic failure', async (_, error) => {
    expect(await refused(error)).toEqual({ key: 'method.start_failed' });
  });
});
