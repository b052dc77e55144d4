import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CashierLocks } from '../../core/contract/cashier-locks';
import { cashierLocksMachine } from './cashier-locks.machine';

const none: CashierLocks = { deposit: [], withdrawal: [], trading: [] };
const answers = (...outputs: (CashierLocks | Error)[]) => {
  let n = 0;
  return fromPromise<CashierLocks>(async () => {
    const next = outputs[Math.min(n++, outputs.length - 1)];
    if (next instanceof Error) throw next;
    return next;
  });
};

/** What the model does not check: the page's own action picks its list; a failed read keeps no stale lock. */
describe('cashier locks', () => {
  it("keeps only the page's action's locks", async () => {
    const limit = { reason: 'deposit_limit', params: { period: 'day', limit: '100.00', used: '100.00', currency: 'USD', resets: '2026-12-01T10:00:00.000Z' } };
    const both: CashierLocks = { deposit: [limit], withdrawal: [{ reason: 'not_verified', params: {} }], trading: [] };
    const deposit = createActor(cashierLocksMachine.provide({ actors: { loadLocks: answers(both) } }), { input: { action: 'deposit' } }).start();
    await waitFor(deposit, (s) => s.matches('locked'));
    expect(deposit.getSnapshot().context.locks).toEqual([limit]);
    const trading = createActor(cashierLocksMachine.provide({ actors: { loadLocks: answers(both) } }), { input: { action: 'trading' } }).start();
    await waitFor(trading, (s) => s.matches('open'));
    expect(trading.getSnapshot().context.locks).toEqual([]);
  });

  it('a failed read after a lock forgets it and says so; checking again reads it afresh', async () => {
    const verify: CashierLocks = { ...none, withdrawal: [{ reason: 'not_verified', params: {} }] };
    const actor = createActor(cashierLocksMachine.provide({ actors: { loadLocks: answers(verify, new Error('offline'), none) } }), { input: { action: 'withdrawal' } }).start();
    await waitFor(actor, (s) => s.matches('locked'));
    actor.send({ type: 'locks.check' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context).toMatchObject({ locks: [], error: { key: 'locks.load_failed' } });
    actor.send({ type: 'locks.check' });
    await waitFor(actor, (s) => s.matches('open'));
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
