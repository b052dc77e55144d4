import { describe, expect, it } from 'vitest';
import { fixtures, goodFixtures } from './fixtures';
import { formatProblems } from './report';
import { isGreen, runMachine } from './run';

describe('runner on the good fixtures', () => {
  it.each(goodFixtures)('%s: every path replays and covers every state and transition', (id) => {
    const report = runMachine(id, fixtures[id]);
    expect(formatProblems([report])).toBe('');
    expect(isGreen(report)).toBe(true);
    expect(report.paths).toBeGreaterThan(0);
    expect(report.states.covered.length).toBe(report.states.total);
    expect(report.transitions.covered.length).toBe(report.transitions.total);
  });

  it('counts every kind of transition of the checkout fixture', () => {
    const { transitions, states } = runMachine('checkout', fixtures.checkout);
    expect(states.total).toBe(18);
    expect(transitions.covered).toEqual(
      expect.arrayContaining([
        'checkout.loading:xstate.done.actor.fetchQuote:0', // guarded alternative 1: available
        'checkout.loading:xstate.done.actor.fetchQuote:1', // guarded alternative 2: not available
        'checkout.loading:xstate.error.actor.fetchQuote:0',
        'checkout.failed:xstate.after.retryDelay.checkout.failed:0', // function delay
        'checkout.quoted:xstate.after.quoteTtl.checkout.quoted:0', // named delay
        'checkout.paying.payment.routing:always:0',
        'checkout.paying.payment.routing:always:1',
        'checkout.paying.payment:xstate.done.state.checkout.paying.payment:0', // region onDone
        'checkout.paying.payment.awaiting:status.confirmed:0', // sent by the callback actor
        'checkout.receipt:xstate.done.actor.issueReceipt:0', // child machine
      ]),
    );
    expect(transitions.total).toBe(19);
  });

  it('prints every path as one readable line', () => {
    const { lines } = runMachine('checkout', fixtures.checkout);
    expect(lines).toContain('fetchQuote.error(Error(offline)), after(retryDelay=5000ms)  →  loading');
    expect(lines).toContain(
      'fetchQuote.done({"available":true,"price":120}), checkout.pay, submitPayment.done({"decision":"approved"}), status.confirmed, issueReceipt.done({"number":"R-1"})  →  complete [done]',
    );
  });

  it('generates paths from each input of `inputs`', () => {
    const report = runMachine('checkout', { ...fixtures.checkout, inputs: [{ slow: true }, { slow: false }] });
    expect(isGreen(report)).toBe(true);
    expect(report.lines).toContain('[input {"slow":false}] fetchQuote.error(Error(offline)), after(retryDelay=1000ms)  →  loading');
  });
});
