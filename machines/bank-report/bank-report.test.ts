import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { bankReportMachine, RECEIPT_ID, RECEIPT_MAX_BYTES, receiptItemChild } from './bank-report.machine';
import type { BankReportInput, ReportInput } from './bank-report.types';
import type { BankDeposit } from '../../core/contract/deposits-offline';

/**
 * What the model does not try: amounts at the bounds of the amount rule, a minimum below the
 * default 250, and which refusals of the report are shown with which minimum.
 */
const input: BankReportInput = { method: 'bank', currency: 'USD', minDeposit: '250', keySeed: 'seed' };
const deposit = {
  id: 'd-1', method: 'bank', reference: 'BT-ACDE-FGHJ', amount: '300.00', currency: 'USD', status: 'pending', receipt: null,
  createdAt: '2026-11-25T10:00:00.000Z', receivedAt: null,
  bank: { bankName: 'Sandbox Bank', beneficiary: 'Sandbox Brokerage Ltd', iban: 'MT84', bic: 'SBOXMTM0', address: 'Valletta', sandbox: true },
} as unknown as BankDeposit;

function open(given: Partial<BankReportInput> = {}, report: (i: ReportInput) => Promise<BankDeposit> = async () => deposit) {
  const reported: ReportInput[] = [];
  const actor = createActor(
    bankReportMachine.provide({
      actors: {
        loadOpen: fromPromise(async (): Promise<BankDeposit[]> => []),
        report: fromPromise(async ({ input: i }: { input: ReportInput }) => {
          reported.push(i);
          return report(i);
        }),
        loadDeposit: fromPromise(async () => deposit),
      },
    }),
    { input: { ...input, ...given } },
  ).start();
  return { actor, reported };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const payment = (amount: string) => ({ amount, bonus: false, promo: '' });

describe('bank report: the amount', () => {
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
    ['13 whole digits', '1234567890123', 'bank.wrong_amount'],
    ['three decimals', '300.125', 'bank.wrong_amount'],
    ['zero', '0', 'bank.wrong_amount'],
    ['negative', '-300', 'bank.wrong_amount'],
    ['below the minimum', '249.99', 'bank.min_deposit'],
  ])('%s: refused (%s)', async (_, amount, key) => {
    const { actor, reported } = open();
    await settle();
    actor.send({ type: 'report.submit', payment: payment(amount) });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error?.key).toBe(key);
    expect(reported).toEqual([]);
  });

  it('twelve whole digits and two decimals are an amount; the minimum itself is enough', async () => {
    for (const amount of ['123456789012.25', '250']) {
      const { actor, reported } = open();
      await settle();
      actor.send({ type: 'report.submit', payment: payment(amount) });
      await settle();
      expect(reported.map((r) => r.amount), amount).toEqual([amount]);
    }
  });
});

describe("bank report: the server's refusals", () => {
  const refused = async (error: unknown, minDeposit = '250') => {
    const { actor } = open({ minDeposit }, () => Promise.reject(error));
    await settle();
    actor.send({ type: 'report.submit', payment: payment('600') });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    return actor.getSnapshot().context.error;
  };

  it("the server's minimum is read from its message", async () => {
    expect(await refused({ kind: 'http', status: 400, error: 'bank.min_deposit', message: 'Wrong amount! Min deposit 700' })).toEqual({
      key: 'bank.min_deposit',
      fallback: 'Wrong amount! Min deposit 700',
      params: { min: '700' },
    });
  });

  it('without a minimum in the message, the page minimum', async () => {
    expect(await refused({ kind: 'http', status: 400, error: 'fiat.min_deposit', message: 'Too little' }, '500')).toEqual({
      key: 'fiat.min_deposit',
      fallback: 'Too little',
      params: { min: '500' },
    });
  });

  it('other refusals carry no minimum, even when they name one', async () => {
    expect(await refused({ kind: 'http', status: 400, error: 'bank.min_deposit_group', message: 'Min deposit 700' })).toEqual({ key: 'bank.min_deposit_group', fallback: 'Min deposit 700' });
    expect(await refused({ kind: 'http', status: 499, error: 'bank.amount', message: '' })).toEqual({ key: 'bank.amount' });
  });

  it.each([
    ['a server error', { kind: 'http', status: 500, error: 'bank.down', message: 'Down' }],
    ['a network failure', { kind: 'network' }],
  ])('%s: the generic failure', async (_, error) => {
    expect(await refused(error)).toEqual({ key: 'bank.report_failed' });
  });
});

describe('bank report: the receipt', () => {
  it("the receipt's upload control uploads for this deposit and tells the report when the receipt is stored", async () => {
    const uploads: unknown[] = [];
    const document = { id: 'doc-1', kind: 'receipt', status: 'uploaded', reason: null, mime: 'application/pdf', size: 900, sha256: 'b'.repeat(64), created_at: '2026-11-25T10:01:00.000Z', reviewed_at: null };
    const actor = createActor(
      bankReportMachine.provide({
        actors: {
          loadOpen: fromPromise(async () => [deposit]),
          report: fromPromise(async () => deposit),
          loadDeposit: fromPromise(async () => deposit),
          receiptItem: receiptItemChild.provide({
            actors: {
              upload: fromCallback(({ input, sendBack }) => {
                uploads.push(input);
                sendBack({ type: 'upload.done', document });
              }),
            },
          }),
        },
      }),
      { input },
    ).start();
    await settle();
    expect(actor.getSnapshot().matches({ pending: 'waiting' })).toBe(true);
    const file = { name: 'receipt.pdf', size: 900, type: 'application/pdf', data: 'x' };
    actor.getSnapshot().children[RECEIPT_ID]!.send({ type: 'files.chosen', files: [file] });
    await settle();
    expect(uploads).toEqual([{ kind: 'receipt', target: 'd-1', file }]);
    expect(actor.getSnapshot().context.deposit?.receipt).toEqual({ id: 'doc-1', mime: 'application/pdf', size: 900 });
    expect(RECEIPT_MAX_BYTES).toBeGreaterThan(900);
  });
});
