import { initialTransition, setup, transition } from 'xstate';
import { describe, expect, it } from 'vitest';
import { checkoutMachine } from './fixtures/checkout.machine';
import { fixtures } from './fixtures';
import { eventSource } from './events';

describe('events of a snapshot', () => {
  const { events } = eventSource(fixtures.checkout);
  const [loading] = initialTransition(checkoutMachine, { slow: false });

  it('expands the done and error events of the invoked actor into the model outcomes', () => {
    expect(events(loading)).toEqual([
      { type: 'xstate.done.actor.fetchQuote', output: { price: 120, available: true } },
      { type: 'xstate.done.actor.fetchQuote', output: { price: 0, available: false } },
      { type: 'xstate.error.actor.fetchQuote', error: new Error('offline') },
    ]);
  });

  it('sends delayed events as they are, and user events bare', () => {
    const [quoted] = transition(checkoutMachine, loading, { type: 'xstate.done.actor.fetchQuote', output: { price: 1, available: true } } as never);
    expect(events(quoted)).toEqual([{ type: 'checkout.pay' }, { type: 'xstate.after.quoteTtl.checkout.quoted' }]);
  });

  it('offers what a callback actor may send back only while it runs', () => {
    const awaiting = checkoutMachine.resolveState({
      value: { paying: { payment: 'awaiting', details: 'collapsed' } },
      context: { quote: null, decision: 'approved', error: null, receipt: null, slow: false },
    });
    expect(events(awaiting).map((e) => e.type)).toEqual(['status.confirmed', 'status.failed', 'details.toggle']);
  });

  it('uses the payload cases, skips wildcards with no listed event, and records srcs with no cases', () => {
    const machine = setup({ actors: {} }).createMachine({
      initial: 'a',
      states: { a: { on: { 'form.submit': 'a', '*': 'a', 'nav.*': 'a' } } },
    });
    const source = eventSource({ machine, events: { 'form.submit': [{ name: 'x' }, { name: '' }], 'nav.back': [{}] } });
    expect(source.events(initialTransition(machine)[0])).toEqual([
      { type: 'form.submit', name: 'x' },
      { type: 'form.submit', name: '' },
      { type: 'nav.back' },
      { type: 'nav.back' },
    ]);
    const missing = eventSource({ machine: checkoutMachine });
    missing.events(loading);
    expect([...missing.missingActorCases]).toEqual(['fetchQuote']);
  });
});
