import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { ReferralTransferred } from '../../core/contract/referral';
import { referralTransferMachine } from './referral-transfer.machine';

const DONE: ReferralTransferred = { amount: '10.00', account: '7', balance: { currency: 'USD', amount: '2.50' } };

function start(answer: () => Promise<ReferralTransferred>) {
  const calls: { amount: string; key: string }[] = [];
  const machine = referralTransferMachine.provide({
    actors: {
      transfer: fromPromise<ReferralTransferred, { amount: string; key: string }>(async ({ input }) => {
        calls.push(input);
        return answer();
      }),
    },
  });
  return { actor: createActor(machine, { input: { keySeed: 'seed0001' } }).start(), calls };
}

describe('referral transfer machine', () => {
  it('sends the amount without the spaces around it, with one key per submitted transfer', async () => {
    const { actor, calls } = start(async () => DONE);
    actor.send({ type: 'amount.change', value: ' 10 ' });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('done'));
    actor.send({ type: 'amount.change', value: '3' });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls).toEqual([
      { amount: '10', key: 'seed0001-1' },
      { amount: '3', key: 'seed0001-2' },
    ]);
  });

  it('keeps at most 40 characters of what is typed', () => {
    const { actor } = start(async () => DONE);
    actor.send({ type: 'amount.change', value: '9'.repeat(50) });
    expect(actor.getSnapshot().context.amount).toBe('9'.repeat(40));
  });

  it("a lost connection (or any failure that is not the server's answer) is 'referral.transfer_failed'", async () => {
    for (const error of [{ kind: 'network' }, new Error('boom')]) {
      const { actor } = start(() => Promise.reject(error));
      actor.send({ type: 'amount.change', value: '10' });
      actor.send({ type: 'submit' });
      await waitFor(actor, (s) => s.matches('refused'));
      expect(actor.getSnapshot().context.error).toEqual({ key: 'referral.transfer_failed' });
    }
  });
});
