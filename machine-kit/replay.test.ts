import { afterEach, describe, expect, it } from 'vitest';
import { fixtures } from './fixtures';
import { outside } from './fixtures/gate.machine';
import { CoverageRecorder } from './coverage';
import { replayPath } from './replay';
import { isGreen, runMachine } from './run';
import type { TestPath } from './types';

afterEach(() => {
  outside.open = true;
});

describe('replay', () => {
  it('reports a path whose replay disagrees with the generated snapshots', () => {
    // the gate's guard reads module state: generated while open, replayed while closed
    const report = runMachine('gate', fixtures.gate, {
      paths: (generated) => {
        outside.open = false;
        return generated;
      },
    });
    expect(isGreen(report)).toBe(false);
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0].line).toBe('gate.push  →  open [done]');
    expect(report.failures[0].failure).toEqual({
      step: 1,
      message: 'step 1 (gate.push): state closed, expected open; status active, expected done',
    });
  });

  it('names the context keys that differ', () => {
    let tampered = '';
    const report = runMachine('checkout', fixtures.checkout, {
      paths: (generated) => {
        const path = generated.find((p) => p.steps.some((s) => s.event.type === 'checkout.pay'))!;
        const step = path.steps.findIndex((s) => s.event.type === 'checkout.pay');
        path.steps[step] = { ...path.steps[step], state: path.steps[step].state.machine.resolveState({ value: 'quoted', context: { ...path.steps[step].state.context, quote: null } }) };
        tampered = path.steps.slice(1, step + 1).map((s) => s.event.type).join(',');
        return [path];
      },
    });
    expect(tampered).toBe('xstate.done.actor.fetchQuote,checkout.pay');
    expect(report.failures[0].failure?.message).toBe(
      'step 2 (checkout.pay): state paying{payment.submitting, details.collapsed}, expected quoted; context.quote {"available":true,"price":120}, expected null',
    );
  });

  it('fails an after step whose timer is not armed', () => {
    const generated = runMachine('checkout', fixtures.checkout);
    expect(generated.failures).toEqual([]);
    const initial = fixtures.checkout.machine.resolveState({ value: 'loading', context: { quote: null, decision: null, error: null, receipt: null, slow: true } });
    const path: TestPath = {
      set: 'edge',
      input: { slow: true },
      steps: [
        { event: { type: 'xstate.init' }, state: initial },
        { event: { type: 'xstate.after.quoteTtl.checkout.quoted' }, state: initial },
      ],
    };
    expect(replayPath(fixtures.checkout, path, new CoverageRecorder())?.message).toBe(
      'step 1 (after(quoteTtl)): timer xstate.after.quoteTtl.checkout.quoted is not armed (armed: none)',
    );
  });

  it('fails a done step when no actor with that id is running', () => {
    const initial = fixtures.checkout.machine.resolveState({ value: 'loading', context: { quote: null, decision: null, error: null, receipt: null, slow: true } });
    const path: TestPath = {
      set: 'edge',
      input: { slow: true },
      steps: [
        { event: { type: 'xstate.init' }, state: initial },
        { event: { type: 'xstate.done.actor.submitPayment', output: { decision: 'approved' } }, state: initial },
      ],
    };
    expect(replayPath(fixtures.checkout, path, new CoverageRecorder())?.message).toBe(
      'step 1 (submitPayment.done({"decision":"approved"})): no running actor "submitPayment" to finish',
    );
  });
});
