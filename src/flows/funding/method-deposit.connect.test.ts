import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { methodDepositMachine } from '../../../machines/method-deposit/method-deposit.machine';
import type { MethodDepositEvent, MethodDepositInput, MethodDepositStatus, StartInput, StartOutput } from '../../../machines/method-deposit/method-deposit.types';
import type { PagePayment } from '../../../machines/funding/payment';
import { connectMethodDeposit } from './method-deposit.connect';

const neteller: MethodDepositInput = { method: 'neteller', flow: 'direct', demo: false, minDeposit: '250', currency: 'USD', amount: '' };
const skrill: MethodDepositInput = { ...neteller, method: 'skrill', flow: 'redirect' };

function run(input: MethodDepositInput, start: (input: StartInput) => Promise<StartOutput> = () => new Promise(() => {}), check: () => Promise<{ status: MethodDepositStatus }> = async () => ({ status: 'pending' })) {
  const goToProvider = vi.fn();
  const userChanged = vi.fn();
  let push: ((e: MethodDepositEvent) => void) | null = null;
  const machine = methodDepositMachine.provide({
    actors: {
      start: fromPromise(async ({ input: i }) => start(i)),
      checkDeposit: fromPromise(async () => check()),
      methodEvents: fromCallback(({ sendBack }) => {
        push = sendBack;
        return () => {};
      }),
    },
    actions: { goToProvider: (_, params) => goToProvider(params.url), userChanged },
  });
  const actor = createActor(machine, { input });
  actor.start();
  // what the funding page's amount line pays (read when Deposit is pressed)
  let page: PagePayment = { amount: '250', bonus: false, promo: '' };
  const view = () => connectMethodDeposit(actor.getSnapshot(), actor.send, () => page);
  const setPage = (next: Partial<PagePayment>) => {
    page = { ...page, ...next };
  };
  return { actor, view, setPage, goToProvider, userChanged, push: () => push?.({ type: 'method.push' }) };
}

describe('connectMethodDeposit', () => {
  it('Neteller: asks for the account, starts at the minimum, refuses missing fields, a short secure id and a low amount', () => {
    const { view, setPage } = run(neteller);
    expect(view()).toMatchObject({ name: { key: 'funding.tab.neteller', fallback: 'Neteller' }, needsAccount: true, isForm: true, isBusy: false, amount: '250', minDeposit: '250', currency: 'USD' });
    view().onSubmit({ account: '', secureId: '' });
    expect(view().error).toEqual({ key: 'method.required' });
    view().onSubmit({ account: 'a@b.c', secureId: '12' });
    expect(view().error).toEqual({ key: 'neteller.secure_id' });
    // the amount line's amount is below the minimum
    setPage({ amount: '100' });
    view().onSubmit({ account: 'a@b.c', secureId: '411392' });
    expect(view().error).toEqual({ key: 'method.min_deposit', params: { min: '250' } });
    expect(view().shakes).toBe(3);
  });

  it('Neteller paid at once: the secure id goes to the start only, never into the context; the balance reloads', async () => {
    const start = vi.fn(async (): Promise<StartOutput> => ({ id: 'd-1', status: 'paid' }));
    const { actor, view, userChanged } = run(neteller, start);
    view().onSubmit({ account: 'netellertest_USD@neteller.com', secureId: '411392' });
    await waitFor(actor, (s) => s.matches('paid'));
    expect(start).toHaveBeenCalledWith(expect.objectContaining({ method: 'neteller', amount: '250', currency: 'USD', account: 'netellertest_USD@neteller.com', secureId: '411392' }));
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('411392');
    expect(view()).toMatchObject({ isPaid: true, isForm: false, depositId: 'd-1' });
    expect(userChanged).toHaveBeenCalledOnce();
    view().onAgain();
    expect(view().isForm).toBe(true);
  });

  it("the amount line's amount, bonus and checked promo code go with the start (the bonus the line showed)", async () => {
    const start = vi.fn(async (): Promise<StartOutput> => ({ id: 'd-4', status: 'paid' }));
    const { actor, view, setPage } = run(neteller, start);
    setPage({ amount: '1 000', bonus: true, promo: 'SANDBOX1' });
    view().onSubmit({ account: 'netellertest_USD@neteller.com', secureId: '411392' });
    await waitFor(actor, (s) => s.matches('paid'));
    expect(start).toHaveBeenCalledWith(expect.objectContaining({ method: 'neteller', amount: '1000', currency: 'USD', bonus: true, promo: 'SANDBOX1' }));
    expect(view().amount).toBe('1000');
  });

  it('a refusal of the server shows its key with the server text as the fallback', async () => {
    const { actor, view } = run(neteller, () => Promise.reject({ kind: 'http', status: 402, error: 'method.declined', message: 'Neteller declined the payment' }));
    view().onSubmit({ account: 'x@y.z', secureId: '411392' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(view().error).toEqual({ key: 'method.declined', fallback: 'Neteller declined the payment' });
  });

  it('Skrill: no account fields; the start goes to the provider page', async () => {
    const { actor, view, goToProvider } = run(skrill, async () => ({ id: 'd-2', status: 'pending', redirectUrl: '/sandbox/wallets/skrill/d-2?lang=en' }));
    expect(view().needsAccount).toBe(false);
    view().onSubmit();
    expect(view().isBusy).toBe(true);
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(goToProvider).toHaveBeenCalledWith('/sandbox/wallets/skrill/d-2?lang=en');
    expect(view()).toMatchObject({ isBusy: true, submitLabel: { key: 'method.redirecting' } });
  });

  it('back from the page: listening, a push checks at once, paid; a flagged deposit is not paid', async () => {
    let status: 'pending' | 'paid' | 'flagged' = 'pending';
    const { actor, view, push, userChanged } = run({ ...skrill, depositId: 'd-3' }, undefined, async () => ({ status }));
    expect(view().isListening).toBe(true);
    await waitFor(actor, (s) => s.matches({ listening: 'waiting' }));
    status = 'paid';
    push();
    await waitFor(actor, (s) => s.matches('paid'));
    expect(userChanged).toHaveBeenCalledOnce();

    const flagged = run({ ...skrill, depositId: 'd-4' }, undefined, async () => ({ status: 'flagged' }));
    await waitFor(flagged.actor, (s) => s.matches('failed'));
    expect(flagged.view()).toMatchObject({ isFailed: true, isFlagged: true, isPaid: false });
  });

  it('a demo account: the demo flag, no form', () => {
    expect(run({ ...skrill, demo: true }).view()).toMatchObject({ isDemo: true, isForm: false });
  });
});
