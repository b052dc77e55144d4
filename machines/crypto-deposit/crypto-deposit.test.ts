import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { assetOf, cryptoDepositMachine } from './crypto-deposit.machine';
import type { CryptoOptionsRecord, PayInput } from './crypto-deposit.types';

/**
 * What the generated paths do not try: the altcoins tab (a token chosen among several), an asset's
 * own decimals, amounts at their bounds, the refusals that are not a known key (mutation score).
 */
const options: CryptoOptionsRecord = {
  currency: 'USD',
  minDeposit: '250',
  rateSource: 'sandbox',
  altcoinDefault: '1.5',
  sandbox: true,
  assets: [
    { coin: 'btc', symbol: 'BTC', name: 'Bitcoin', decimals: 8, price: '64250.00000000', available: true },
    { coin: 'token', symbol: 'USDT', name: 'Tether', decimals: 6, price: '1.00000000', available: true },
    { coin: 'token', symbol: 'LINK', name: 'Chainlink', decimals: 8, price: '14.20000000', available: false },
  ],
};
const settle = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

async function tab(coin: string, pay: (input: PayInput) => Promise<{ guid: string }> = async () => ({ guid: 'g-1' }), loaded: CryptoOptionsRecord = options) {
  const paid: PayInput[] = [];
  const machine = cryptoDepositMachine.provide({
    actors: {
      loadOptions: fromPromise<CryptoOptionsRecord, { coin: string }>(async () => loaded),
      pay: fromPromise<{ guid: string }, PayInput>(({ input }) => {
        paid.push(input);
        return pay(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { tab: coin === 'token' ? 'altcoins' : 'bitcoin', coin, demo: false } }).start();
  await settle();
  const submit = async (amount?: string) => {
    if (amount !== undefined) actor.send({ type: 'amount.change', value: amount });
    actor.send({ type: 'deposit.submit' });
    const s = actor.getSnapshot();
    await settle();
    return s.value === 'paying' ? 'paying' : s.context.error;
  };
  return { actor, paid, submit };
}

describe('crypto deposit', () => {
  it('the altcoins tab pays in the coin (fixed mode, 1.5), with the first token, and sends the token chosen', async () => {
    const { actor, paid, submit } = await tab('token');
    expect(actor.getSnapshot().context).toMatchObject({ fixed: true, amount: '1.5', token: 'USDT' });
    expect(await submit()).toBe('paying');
    expect(paid).toEqual([{ coin: 'token', amount: '1.5', fixed: true, currency: 'USD', token: 'USDT' }]);
    actor.stop();
  });

  it('a token is checked against its own asset: availability and decimals', async () => {
    const { actor, submit } = await tab('token', () => new Promise(() => {}));
    expect(await submit('1.1234567')).toEqual({ key: 'crypto.too_precise' });
    expect(await submit('1.123456')).toBe('paying');
    actor.stop();
    const link = await tab('token');
    link.actor.send({ type: 'token.change', token: 'LINK' });
    expect(await link.submit()).toEqual({ key: 'crypto.unavailable' });
    link.actor.stop();
  });

  it('a coin tab sends no token even when the options list some; without token assets none is chosen', async () => {
    const { actor, paid, submit } = await tab('btc');
    expect(actor.getSnapshot().context).toMatchObject({ fixed: false, amount: '250', token: 'USDT' });
    expect(await submit()).toBe('paying');
    expect(paid[0]).toMatchObject({ coin: 'btc', token: '', fixed: false });
    actor.stop();
    const plain = await tab('btc', undefined, { ...options, assets: [options.assets[0]] });
    expect(plain.actor.getSnapshot().context.token).toBe('');
    plain.actor.stop();
  });

  it('amounts at their bounds: two decimals in fiat, 8 for the coin, at most 12 whole digits, cut at 40 characters', async () => {
    const { actor, submit } = await tab('btc', () => new Promise(() => {}));
    expect(await submit('1234567890123')).toEqual({ key: 'crypto.wrong_amount' });
    actor.send({ type: 'amount.change', value: '9'.repeat(50) });
    expect(actor.getSnapshot().context.amount).toBe('9'.repeat(40));
    expect(await submit('250.12')).toBe('paying');
    actor.stop();
    const coin = await tab('btc', () => new Promise(() => {}));
    coin.actor.send({ type: 'mode.change', fixed: true });
    expect(await coin.submit('0.12345678')).toBe('paying');
    coin.actor.stop();
  });

  it('assetOf finds nothing before the options loaded', () => {
    expect(assetOf({ options: null, coin: 'btc', token: '' })).toBeUndefined();
  });

  for (const [failure, shown] of [
    [{ kind: 'http', status: 400, error: 'crypto.rate', message: 'No rate' }, { key: 'crypto.rate', fallback: 'No rate' }],
    [{ kind: 'http', status: 403, error: 'csrf', message: '' }, { key: 'csrf' }],
    [
      { kind: 'http', status: 409, error: 'limits.deposit_week', message: 'Over', params: { limit: '500.00', used: '400.00', currency: 'USD', resets: '2025-06-11 08:00 UTC' } },
      { key: 'limits.deposit_week', fallback: 'Over', params: { limit: '500.00', used: '400.00', currency: 'USD', resets: '2025-06-11 08:00 UTC' } },
    ],
    [
      { kind: 'http', status: 403, error: 'deposit.excluded', message: 'Paused', params: { until: '2026-12-02T10:00:00.000Z', kind: 'exclusion' } },
      { key: 'deposit.excluded', fallback: 'Paused', params: { until: '2026-12-02T10:00:00.000Z', kind: 'exclusion' } },
    ],
    [{ kind: 'http', status: 422, error: 'validation', message: 'Bad' }, { key: 'validation', fallback: 'Bad' }],
    [{ kind: 'http', status: 401, error: 'auth.expired', message: '' }, { key: 'auth.expired' }],
    [{ kind: 'http', status: 500, error: 'crypto.rate', message: 'No rate' }, { key: 'crypto.pay_failed' }],
    [{ kind: 'http', status: 404, error: 'not_found', message: 'Not found' }, { key: 'crypto.pay_failed' }],
    [{ kind: 'http', status: 400, error: 'xcrypto.rate', message: '' }, { key: 'crypto.pay_failed' }],
    [{ kind: 'http', status: 400, error: 'validations', message: '' }, { key: 'crypto.pay_failed' }],
    [{ kind: 'http', status: 403, error: 'csrf_token', message: '' }, { key: 'crypto.pay_failed' }],
    [new Error('boom'), { key: 'crypto.pay_failed' }],
  ] as const) {
    it(`a refused payment (${'error' in failure ? failure.error : 'not a call failure'}, ${'status' in failure ? failure.status : '-'}) shows ${shown.key}`, async () => {
      const { actor, submit } = await tab('btc', () => Promise.reject(failure));
      expect(await submit()).toBe('paying');
      expect(actor.getSnapshot().value).toBe('editing');
      expect(actor.getSnapshot().context.error).toEqual(shown);
      expect(actor.getSnapshot().context.shakes).toBe(1);
      actor.stop();
    });
  }
});
