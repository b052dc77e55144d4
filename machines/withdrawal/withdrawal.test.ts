import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { withdrawalMachine } from './withdrawal.machine';

/** What the generated paths do not try: a method without a wallet, padded fields (mutation score). */
const start = () =>
  createActor(
    withdrawalMachine.provide({ actors: { checkWithdrawal: fromPromise(() => new Promise(() => {})), finalWithdrawal: fromPromise(() => new Promise(() => {})) } }),
    { input: { currency: 'USD', fixed: false, tab: 'usd' } },
  ).start();

describe('withdrawal form', () => {
  it('a card payout needs no wallet: an empty wallet is not an error, and none is sent', () => {
    const actor = start();
    actor.send({ type: 'form.submit', amount: '10', method: 'Credit Card', wallet: '', alt: '' });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().context.request).toMatchObject({ method: 'Credit Card', wallet: '' });
    actor.stop();
  });

  it('the wallet and the alternative contact are sent trimmed', () => {
    const actor = start();
    actor.send({ type: 'form.submit', amount: '10', method: 'Skrill', wallet: ' trader@example.com ', alt: ' +31 20 ' });
    expect(actor.getSnapshot().context.request).toMatchObject({ wallet: 'trader@example.com', alt: '+31 20' });
    actor.stop();
  });
});
