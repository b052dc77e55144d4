import { describe, expect, it } from 'vitest';
import { fixtures } from './fixtures';
import { formatProblems } from './report';
import { isGreen, runMachine } from './run';

describe('a model that leaves out an actor outcome', () => {
  const model = {
    ...fixtures.checkout,
    actors: {
      ...fixtures.checkout.actors,
      // no { error } case: the quote never fails
      fetchQuote: [{ output: { price: 120, available: true } }, { output: { price: 0, available: false } }],
    },
  };

  it('is reported below 100%, naming the transition and the state it missed', () => {
    const report = runMachine('checkout', model);
    expect(report.failures).toEqual([]);
    expect(isGreen(report)).toBe(false);
    expect(report.transitions.uncovered).toEqual([
      'checkout.loading:xstate.error.actor.fetchQuote:0',
      'checkout.failed:checkout.retry:0',
      'checkout.failed:xstate.after.retryDelay.checkout.failed:0',
    ]);
    expect(report.states.uncovered).toEqual(['checkout.failed']);
    expect(formatProblems([report])).toContain('transitions not covered: checkout.loading:xstate.error.actor.fetchQuote:0');
  });

  it('warns when an actor src has no cases at all', () => {
    const { issueReceipt: _, ...actors } = fixtures.checkout.actors ?? {};
    const report = runMachine('checkout', { ...fixtures.checkout, actors });
    expect(report.warnings).toContain(
      'actor src "issueReceipt" has no outcome cases in the model: its done/error transitions are never tried',
    );
    expect(report.transitions.uncovered).toContain('checkout.receipt:xstate.done.actor.issueReceipt:0');
    expect(report.states.uncovered).toContain('checkout.complete');
  });
});
