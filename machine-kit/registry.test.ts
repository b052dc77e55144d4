import { describe, expect, it } from 'vitest';
import { checkoutMachine } from './fixtures/checkout.machine';
import { fixtures } from './fixtures';
import { receiptMachine } from './fixtures/receipt.machine';
import { runRegistry } from './registry';
import { formatProblems, formatTable, toCoverageFile } from './report';

describe('registry run', () => {
  const machines = { checkout: { machine: checkoutMachine }, receipt: { machine: receiptMachine } };

  it('runs each registered machine with its model', () => {
    const reports = runRegistry(machines, { checkout: fixtures.checkout, receipt: fixtures.receipt });
    expect(reports.map((r) => [r.id, r.errors, r.failures.length])).toEqual([
      ['checkout', [], 0],
      ['receipt', [], 0],
    ]);
    expect(formatTable(reports).split('\n')).toEqual([
      'machine   paths  states      transitions  infeasible  before  dropped  result',
      '--------  -----  ----------  -----------  ----------  ------  -------  ------',
      `checkout  ${String(reports[0].paths).padEnd(5)}  18/18 100%  19/19 100%   0           0       0        ok`,
      `receipt   1      3/3 100%    1/1 100%     0           0       0        ok`,
    ]);
  });

  it('fails a machine without a model, counting what it leaves uncovered', () => {
    const [checkout] = runRegistry(machines, { receipt: fixtures.receipt }, { only: 'checkout' });
    expect(checkout.errors[0]).toMatch(/^no model: add a test model beside the machine \(machines\/<flow>\/<flow>\.model\.ts\) and register it as checkout in machines\/models\.ts$/);
    expect(checkout.states).toMatchObject({ total: 18, covered: [] });
    expect(formatTable([checkout])).toContain('checkout  0      0/18 0%  0/19 0%      0           0       0        error');
  });

  it('fails a model of another machine and a model with no machine', () => {
    const reports = runRegistry({ checkout: machines.checkout }, { checkout: fixtures.receipt, gate: fixtures.gate });
    expect(reports[0].errors).toEqual([
      "the model's machine is not machines.checkout.machine (models/checkout.model.ts must import the registered machine)",
    ]);
    expect(reports[1].errors).toEqual(['models.gate has no machine in machines/index.ts']);
    expect(formatProblems(reports)).toContain('gate:\n  error: models.gate has no machine');
  });

  it('writes totals, covered and uncovered ids per machine', () => {
    const model = { ...fixtures.checkout, actors: { ...fixtures.checkout.actors, issueReceipt: [] } };
    const file = toCoverageFile(runRegistry({ checkout: machines.checkout }, { checkout: model }), new Date(0));
    expect(file.generatedAt).toBe('1970-01-01T00:00:00.000Z');
    expect(file.machines.checkout.ok).toBe(false);
    expect(file.machines.checkout.transitions.uncovered).toEqual(['checkout.receipt:xstate.done.actor.issueReceipt:0']);
    expect(file.machines.checkout.states.uncovered).toEqual(['checkout.complete']);
    expect(file.machines.checkout.transitions.covered).toHaveLength(18);
  });
});
