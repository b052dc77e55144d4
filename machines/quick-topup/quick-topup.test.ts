import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { quickTopUpMachine } from './quick-topup.machine';
import type { ChargeInput, QuickTopUpInput } from './quick-topup.types';
import type { QuickTopUpResponse } from '../../core/contract/deposits-offline';

/**
 * What the model does not try: amounts at the bounds of the amount rule, a minimum below the
 * default 250, a very long typed value, a lost answer (network) and the charges' keys.
 */
const input: QuickTopUpInput = { demo: false, currency: 'USD', minDeposit: '250', keySeed: 'seed' };
const cards = { cards: [{ token: 'tok-1', brand: 'visa', last4: '0010' }], can_load: true };
const answer = (status: QuickTopUpResponse['status']): QuickTopUpResponse => ({ status, payment: 'p-1', amount: '300.00', currency: 'USD' });

function open(given: Partial<QuickTopUpInput> = {}, charge: (i: ChargeInput) => Promise<QuickTopUpResponse> = async () => answer('approved')) {
  const charged: ChargeInput[] = [];
  const actor = createActor(
    quickTopUpMachine.provide({
      actors: {
        loadCards: fromPromise(async () => cards),
        charge: fromPromise(async ({ input: i }: { input: ChargeInput }) => {
          charged.push(i);
          return charge(i);
        }),
      },
    }),
    { input: { ...input, ...given } },
  ).start();
  return { actor, charged };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('quick top-up', () => {
  it.each([
    ['250', '250'],
    ['250.00', '250'],
    ['100', '250'],
    ['249.99', '250'],
    ['500', '500'],
  ])('minimum %s: the amount starts at %s', async (minDeposit, amount) => {
    const { actor } = open({ minDeposit });
    await settle();
    expect(actor.getSnapshot().context.amount).toBe(amount);
  });

  it.each([
    ['13 whole digits', '1234567890123', 'quick.wrong_amount'],
    ['three decimals', '300.125', 'quick.wrong_amount'],
    ['zero', '0', 'quick.wrong_amount'],
    ['negative', '-300', 'quick.wrong_amount'],
    ['below the minimum', '249.99', 'quick.min_deposit'],
  ])('%s: refused (%s)', async (_, value, key) => {
    const { actor } = open();
    await settle();
    actor.send({ type: 'amount.change', value });
    actor.send({ type: 'quick.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error?.key).toBe(key);
  });

  it('twelve whole digits and two decimals are an amount; the minimum itself is enough', async () => {
    for (const value of ['123456789012.25', '250', '250.00']) {
      const { actor } = open();
      await settle();
      actor.send({ type: 'amount.change', value });
      actor.send({ type: 'quick.submit' });
      expect(actor.getSnapshot().value, value).toBe('confirming');
    }
  });

  it('a typed value is kept to 40 characters', async () => {
    const { actor } = open();
    await settle();
    actor.send({ type: 'amount.change', value: '1'.repeat(45) });
    expect(actor.getSnapshot().context.amount).toBe('1'.repeat(40));
  });

  it('a lost answer keeps the key: the retry is the same charge', async () => {
    let lose = true;
    const { actor, charged } = open({}, async () => {
      if (lose) throw { kind: 'network' };
      return answer('approved');
    });
    await settle();
    actor.send({ type: 'amount.change', value: '300' });
    actor.send({ type: 'quick.submit' });
    actor.send({ type: 'confirm.yes' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toEqual({ key: 'quick.failed' });
    lose = false;
    actor.send({ type: 'quick.submit' });
    actor.send({ type: 'confirm.yes' });
    await settle();
    expect(actor.getSnapshot().value).toBe('approved');
    expect(charged).toEqual([
      { card: 'tok-1', amount: '300', confirm: '300', key: 'seed-0' },
      { card: 'tok-1', amount: '300', confirm: '300', key: 'seed-0' },
    ]);
  });

  it('an ended charge moves the key on', async () => {
    let status: QuickTopUpResponse['status'] = 'declined';
    const { actor, charged } = open({}, async () => answer(status));
    await settle();
    actor.send({ type: 'quick.submit' });
    actor.send({ type: 'confirm.yes' });
    await settle();
    expect(actor.getSnapshot().context.error).toEqual({ key: 'quick.declined' });
    status = 'approved';
    actor.send({ type: 'quick.submit' });
    actor.send({ type: 'confirm.yes' });
    await settle();
    actor.send({ type: 'quick.again' });
    actor.send({ type: 'quick.submit' });
    actor.send({ type: 'confirm.yes' });
    await settle();
    expect(charged.map((c) => c.key)).toEqual(['seed-0', 'seed-1', 'seed-2']);
  });
});
